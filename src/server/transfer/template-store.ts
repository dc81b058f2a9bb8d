import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { FormatId } from "../../shared/formats/types.ts";
import type { TemplateParseOptions } from "../db/column-types.ts";
import type { DB } from "../db/schema.ts";
import type { ProjectRow } from "../teams/access.ts";
import type { FileShape } from "./template-base.ts";
import type { TemplateInput } from "./template-render.ts";

/**
 * The uploaded files kept as templates (issue 33, `file_templates`): written by every import and
 * push of a file, in its transaction, so a template always matches what that upload wrote; read
 * by export and pull, listed and downloaded from the project's settings.
 */

/**
 * Files larger than this are not kept: rendering on a template reads it whole next to the
 * project's file, and a file this large is a generated one, not one a team edits by hand.
 */
export const TEMPLATE_MAX_BYTES = 16 * 1024 * 1024;

export interface SavedTemplate {
  projectId: string;
  format: FormatId;
  /** See `fileLanguageOf`. */
  language: string;
  /** The file's namespace (`namespaceOfPath`); `""`: the language's one file. */
  namespace: string;
  /** The file's name as uploaded. */
  path: string;
  bytes: Uint8Array;
  parse: TemplateParseOptions;
  /** See `fileFingerprints` (template-base.ts). */
  fingerprints: Record<string, string>;
  /** See `shapeOf` (template-base.ts). */
  shape: FileShape;
  userId: string | null;
}

/** Keeps the file as its language's template in this format, in place of the one before. */
export async function saveTemplate(trx: Kysely<DB>, template: SavedTemplate): Promise<void> {
  if (template.bytes.length > TEMPLATE_MAX_BYTES) {
    // The old template no longer describes the file the team has: it goes.
    await trx
      .deleteFrom("file_templates")
      .where("project_id", "=", template.projectId)
      .where("format", "=", template.format)
      .where("language_code", "=", template.language)
      .where("namespace", "=", template.namespace)
      .execute();
    return;
  }
  const row = {
    project_id: template.projectId,
    format: template.format,
    language_code: template.language,
    namespace: template.namespace,
    path: template.path,
    bytes: Buffer.from(template.bytes),
    size: template.bytes.length,
    sha256: createHash("sha256").update(template.bytes).digest("hex"),
    parse_options: JSON.stringify(template.parse) as unknown as TemplateParseOptions,
    fingerprints: JSON.stringify(template.fingerprints) as unknown as Record<string, string>,
    shape: JSON.stringify(template.shape) as unknown as FileShape,
    uploaded_by: template.userId,
  };
  await trx
    .insertInto("file_templates")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["project_id", "format", "language_code", "namespace"]).doUpdateSet({
        path: row.path,
        bytes: row.bytes,
        size: row.size,
        sha256: row.sha256,
        parse_options: row.parse_options,
        fingerprints: row.fingerprints,
        shape: row.shape,
        uploaded_by: row.uploaded_by,
        uploaded_at: sql`now()`,
      }),
    )
    .execute();
}

/** Where a template is found among `templatesOf`'s: its file language and namespace. */
export function templateSlot(language: string, namespace: string): string {
  return JSON.stringify([language, namespace]);
}

/** The project's templates in one format, by `templateSlot`, ready for the format worker. */
export async function templatesOf(
  db: Kysely<DB>,
  project: ProjectRow,
  format: FormatId,
  /** The file languages the export writes (`fileLanguageOf`): only their files are read. */
  languages: readonly string[],
  /** The namespaces it writes. */
  namespaces: readonly string[],
): Promise<Map<string, TemplateInput>> {
  if (languages.length === 0 || namespaces.length === 0) return new Map();
  const rows = await db
    .selectFrom("file_templates")
    .select(["language_code", "namespace", "bytes", "parse_options", "sha256", "fingerprints", "shape"])
    .where("project_id", "=", project.id)
    .where("format", "=", format)
    .where("language_code", "in", languages)
    .where("namespace", "in", namespaces)
    .execute();
  return new Map(
    rows.map((row) => [
      templateSlot(row.language_code, row.namespace),
      {
        bytes: new Uint8Array(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
        sha256: row.sha256,
        parse: { ...jsonOf(row.parse_options), sourceLanguage: project.source_language },
        fingerprints: jsonOf(row.fingerprints),
        shape: jsonOf(row.shape),
      },
    ]),
  );
}

/** A jsonb column, parsed by node-postgres or not. */
function jsonOf<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
