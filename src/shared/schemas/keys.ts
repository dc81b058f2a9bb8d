import { z } from "zod";
import { namespaceSchema } from "./namespace.ts";
import { NAME_MAX } from "./projects.ts";

export const VALUE_MAX = 10_000;

/** Key names: required, at most 255 characters, no control characters (spec point 5 + issue 3). */
export const keyNameSchema = z
  .string({ error: "Key name is required" })
  .trim()
  .min(1, "Key name is required")
  .max(NAME_MAX, `Key name must be at most ${NAME_MAX} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "Key name must not contain control characters");

/** Keys of an imported file may be longer than a typed name: PO and XLIFF key by source text. */
export const IMPORTED_KEY_MAX = 500;

/**
 * Key names as a file gives them (issue 15): kept exactly, spaces at the ends included (`" and "`
 * is not `"and"`), newlines and tabs allowed (gettext msgids have them); other control characters
 * and keys of white space only are refused.
 */
export const importedKeyNameSchema = z
  .string()
  .refine((name) => name.trim() !== "", "Key name is required")
  .refine(
    (name) => name.length <= IMPORTED_KEY_MAX,
    `Key name must be at most ${IMPORTED_KEY_MAX} characters`,
  )
  .refine(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
    (name) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(name),
    "Key name must not contain control characters",
  );

/** Cell values: trailing newlines are stripped on save (spec point 5); at most 10,000 characters. */
export const stringValueSchema = z
  .string()
  .transform((value) => value.replace(/[\r\n]+$/, ""))
  .pipe(
    z.string().max(VALUE_MAX, `A translation must be at most ${VALUE_MAX.toLocaleString("en")} characters`),
  );

/**
 * Who wrote a string that no person has checked yet (issue 19): an AI provider, or the built-in
 * pseudo-localization, whose text is never a translation (a language with any is never complete).
 */
export const MACHINE_KINDS = ["ai", "pseudo"] as const;
export type MachineKind = (typeof MACHINE_KINDS)[number];

export const cellSchema = z.object({
  value: z.string(),
  /** Starts at 1; every save adds 1. Sent back as `baseVersion` to detect concurrent edits. */
  version: z.number().int(),
  updatedAt: z.string(),
  /** Present only on machine output not yet saved or approved by a person. */
  machine: z.enum(MACHINE_KINDS).optional(),
});
export type Cell = z.infer<typeof cellSchema>;

export const DESCRIPTION_MAX = 2000;
export const TAG_MAX = 50;
export const TAGS_MAX = 20;

/**
 * What a key carries besides its name (issue 15), each field present only when set: a list of
 * 50,000 keys stays as small as it was for keys without any.
 */
export const keyMetadataSchema = z.object({
  /** For translators and the AI: what the text is, where it shows. */
  description: z.string().optional(),
  /** What tells identical texts apart (gettext msgctxt, an XLIFF meaning). */
  context: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** Characters; the editor counts against it and the AI is told. */
  maxLength: z.number().int().optional(),
  /** Present (false) only when the key must not be translated: not missing, never sent to AI. */
  translatable: z.literal(false).optional(),
  /** `json`: a list, number or boolean from a file, kept as JSON text and shown read-only. */
  valueType: z.literal("json").optional(),
  /** The file the key belongs to where a language has several (issue 33); absent: the one file. */
  namespace: z.string().optional(),
});
export type KeyMetadata = z.infer<typeof keyMetadataSchema>;

export const keyRowSchema = keyMetadataSchema.extend({
  id: z.string(),
  key: z.string(),
  createdAt: z.string(),
  /** Language code -> its string; a language with no string is absent. */
  strings: z.record(z.string(), cellSchema),
  /** Listed on a branch (issue 39): the key is new there, or its strings or metadata changed there. */
  branchChange: z.enum(["added", "changed"]).optional(),
});
export type KeyRow = z.infer<typeof keyRowSchema>;

/**
 * Keys ordered by key name (byte order). With `limit`, one page: `next` is the `after` of the
 * following page, or null at the end.
 */
export const keyListSchema = z.object({
  keys: z.array(keyRowSchema),
  next: z.string().nullable().optional(),
});
/** The longest search the keys list takes (characters). */
export const SEARCH_MAX = 200;

/**
 * Whether a search looks at the strings too: it has three letters or digits in a row. Shorter ones
 * have no trigram for an index to find strings by, so they match key names only.
 */
export function searchesText(text: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(text);
}

export const keyPageQuerySchema = z.object({
  languages: z.string().optional(),
  /**
   * A search: keys whose name, or whose string in any of the project's languages (not only those
   * asked for), contains this text, case-insensitively; `%`, `_` and `\` are plain characters.
   * Without three letters or digits in a row, key names only (`searchesText`). Blank: no search.
   * Paged like the whole list, with `limit`, `after` and `next`.
   */
  q: z.string().max(SEARCH_MAX, `A search must be at most ${SEARCH_MAX} characters`).optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
  after: z.string().max(255).optional(),
});

const keyDescriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `A description must be at most ${DESCRIPTION_MAX.toLocaleString("en")} characters`)
  .nullable();
const keyTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, "A tag cannot be empty")
      .max(TAG_MAX, `A tag must be at most ${TAG_MAX} characters`),
  )
  .max(TAGS_MAX, `A key can have at most ${TAGS_MAX} tags`);
const keyMaxLengthSchema = z
  .number({ error: "Max length must be a whole number" })
  .int("Max length must be a whole number")
  .min(1, "Max length must be at least 1")
  .max(VALUE_MAX, `Max length must be at most ${VALUE_MAX.toLocaleString("en")}`)
  .nullable();

export const createKeyBodySchema = z.object({
  key: keyNameSchema,
  /** Optional source-language string (spec point 5). */
  sourceValue: stringValueSchema.optional(),
  description: keyDescriptionSchema.optional(),
  tags: keyTagsSchema.optional(),
  maxLength: keyMaxLengthSchema.optional(),
  translatable: z.boolean().optional(),
  /** The file the key belongs to (issue 33); "" or absent: the language's one file. */
  namespace: namespaceSchema.optional(),
});
export type CreateKeyBody = z.input<typeof createKeyBodySchema>;

/** Rename and/or change the metadata; null or "" clears a field. */
export const updateKeyBodySchema = z
  .object({
    key: keyNameSchema.optional(),
    description: keyDescriptionSchema.optional(),
    tags: keyTagsSchema.optional(),
    maxLength: keyMaxLengthSchema.optional(),
    translatable: z.boolean().optional(),
    /** Moves the key to another file ("": the language's one file). */
    namespace: namespaceSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to change");
export type UpdateKeyBody = z.input<typeof updateKeyBodySchema>;
/** The rename-only body, kept for callers that only rename. */
export const renameKeyBodySchema = z.object({ key: keyNameSchema });
export type RenameKeyBody = z.infer<typeof renameKeyBodySchema>;

export const saveStringBodySchema = z.object({
  value: stringValueSchema,
  /**
   * The version the editor started from (absent when the cell was empty). If someone saved in
   * between, the answer is 409 `conflict` with the current cell, unless `force` is true.
   */
  baseVersion: z.number().int().min(0).optional(),
  force: z.boolean().optional(),
});
export type SaveStringBody = z.input<typeof saveStringBodySchema>;

export const savedStringSchema = z.object({
  keyId: z.string(),
  language: z.string(),
  cell: cellSchema,
});
export type SavedString = z.infer<typeof savedStringSchema>;

/** The 409 body for a concurrent edit: the error shape plus what is there now. */
export const stringConflictSchema = z.object({
  error: z.object({ code: z.literal("conflict"), message: z.string() }),
  current: cellSchema.extend({ updatedBy: z.string().nullable() }),
});
export type StringConflict = z.infer<typeof stringConflictSchema>;

export const HISTORY_ORIGINS = ["person", "import", "api", "ai", "pseudo", "restore", "merge"] as const;
export const historyEntrySchema = z.object({
  id: z.number().int(),
  /** null: the string was deleted. */
  value: z.string().nullable(),
  version: z.number().int(),
  origin: z.enum(HISTORY_ORIGINS),
  /** Display name (profile name, else e-mail) of who made the change; null for system changes. */
  by: z.string().nullable(),
  /**
   * A coding agent's name (issue 36) when one wrote it with a project API key, e.g. "claude-code";
   * null for a person's change.
   */
  agent: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** How a coding agent is named where a person's name would be: "claude-code (AI agent)". */
export function agentDisplayName(agent: string): string {
  return `${agent} (AI agent)`;
}
/** Newest first. */
export const historySchema = z.object({ entries: z.array(historyEntrySchema) });

export const restoreBodySchema = z.object({ historyId: z.number().int().positive() });

export const clearLanguageAnswerSchema = z.object({ deleted: z.number().int() });
