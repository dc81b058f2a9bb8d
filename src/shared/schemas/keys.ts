import { z } from "zod";
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

/** Cell values: trailing newlines are stripped on save (spec point 5); at most 10,000 characters. */
export const stringValueSchema = z
  .string()
  .transform((value) => value.replace(/[\r\n]+$/, ""))
  .pipe(
    z.string().max(VALUE_MAX, `A translation must be at most ${VALUE_MAX.toLocaleString("en")} characters`),
  );

export const cellSchema = z.object({
  value: z.string(),
  /** Starts at 1; every save adds 1. Sent back as `baseVersion` to detect concurrent edits. */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Cell = z.infer<typeof cellSchema>;

export const keyRowSchema = z.object({
  id: z.string(),
  key: z.string(),
  createdAt: z.string(),
  /** Language code -> its string; a language with no string is absent. */
  strings: z.record(z.string(), cellSchema),
});
export type KeyRow = z.infer<typeof keyRowSchema>;

/**
 * GET /api/projects/:id/keys?languages=en,de[&limit=N&after=KEY] — ordered by key name (byte order).
 * With `limit`, one page: `next` is the `after` of the following page, or null at the end.
 */
export const keyListSchema = z.object({
  keys: z.array(keyRowSchema),
  next: z.string().nullable().optional(),
});
export const keyPageQuerySchema = z.object({
  languages: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
  after: z.string().max(255).optional(),
});

export const createKeyBodySchema = z.object({
  key: keyNameSchema,
  /** Optional source-language string (spec point 5). */
  sourceValue: stringValueSchema.optional(),
});
export type CreateKeyBody = z.input<typeof createKeyBodySchema>;

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

export const HISTORY_ORIGINS = ["person", "import", "ai", "restore"] as const;
export const historyEntrySchema = z.object({
  id: z.number().int(),
  /** null: the string was deleted. */
  value: z.string().nullable(),
  version: z.number().int(),
  origin: z.enum(HISTORY_ORIGINS),
  /** Display name (profile name, else e-mail) of who made the change; null for system changes. */
  by: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** Newest first. */
export const historySchema = z.object({ entries: z.array(historyEntrySchema) });

export const restoreBodySchema = z.object({ historyId: z.number().int().positive() });

/** DELETE /api/projects/:id/strings/:lang */
export const clearLanguageAnswerSchema = z.object({ deleted: z.number().int() });
