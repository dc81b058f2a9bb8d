import type { FormatMeta, ParseOptions } from "../../shared/formats/types.ts";

/**
 * Column types narrower than the ones the type generator reads: the statuses are text columns with a
 * check constraint (which kysely-codegen does not read; a PostgreSQL enum would be harder to extend),
 * the format metadata is jsonb the application shapes. generate-types.ts names these types in its
 * overrides, so generated-schema.ts imports them from here; keep each in step with its migration.
 */

export type BatchJobStatus = "pending" | "processing" | "completed" | "failed" | "cancelled";
export type BatchItemStatus = "pending" | "done" | "failed" | "skipped";

export type ReviewStatusColumn = "pending" | "completed";
export type ApprovalStateColumn = "approved" | "needs_changes";
/** Who wrote a string no person has checked yet (migration 0016); null: a person, or checked. */
export type MachineColumn = "ai" | "pseudo";

/** Per format id, what only that format has (see formats/types.ts `meta`). */
export type FormatMetaByFormat = Partial<Record<string, FormatMeta>>;

/** A glossary term's approved translations, language code → text (migration 0020). */
export type GlossaryTranslationsColumn = Record<string, string>;

export type { FormatMeta };

/** What an uploaded file's writing decides of its exports (`file_templates.shape`, issue 33). */
export type FileShapeColumn = Partial<{
  nested: boolean;
  pretty: boolean;
  indent: string;
  flattenPlurals: boolean;
}>;

/** How an uploaded file kept as a template was read (`file_templates.parse_options`, issue 33). */
export interface TemplateParseOptions {
  language: string;
  flattenNestedKeys?: boolean;
  /** A table's column mapping, as chosen in the import dialog. */
  columns?: ParseOptions["columns"];
}
