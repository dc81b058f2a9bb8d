import { z } from "zod";
import { branchNameSchema } from "./branches.ts";
import { namespaceSchema } from "./namespace.ts";

/**
 * The push API (issue 20): `POST /api/v1/push` with a project API key that has the `push` scope
 * (`x-api-key`), multipart form data:
 * - `file`: a file of any registry format, or a `.zip` of several (each file's language and format
 *   are guessed from its name, as the Import dialog does);
 * - `language`: the file's language code (required for a single file unless its name tells it);
 * - `format`: a format id of the registry (default: guessed from the file name);
 * - `overwriteExisting`: `true` to replace texts that differ (default `false`: only fill missing);
 * - `deleteMissing`: `true` to delete the project's keys the file does not have (source language only);
 * - `tags`: comma-separated tags given to keys the push adds;
 * - `dryRun`: `true` to answer what would change and change nothing.
 * Same parser, size limits, single transaction and history (origin `api`) as the Import dialog.
 */
export const PUSH_FIELDS = [
  "file",
  "language",
  "format",
  "overwriteExisting",
  "deleteMissing",
  "tags",
  "dryRun",
  "branch",
] as const;

const booleanField = z
  .enum(["true", "false"], { error: "Must be true or false" })
  .optional()
  .transform((value) => value === "true");

/** The form fields besides `file`, as strings (multipart). */
export const pushFieldsSchema = z.object({
  language: z.string().trim().min(1).max(35).optional(),
  format: z.string().trim().min(1).max(30).optional(),
  overwriteExisting: booleanField,
  deleteMissing: booleanField,
  tags: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  dryRun: booleanField,
  /**
   * The file's namespace (its keys' file, e.g. i18next `common`); empty: the language's one file.
   * Unset: read from each file's name (`locales/de/common.json` → `common`, `de.json` → the one file).
   */
  namespace: namespaceSchema.optional(),
  /** The branch the files go to (issue 39), made from main if it is new; unset or `main`: main. */
  branch: branchNameSchema.optional(),
});
export type PushFields = z.output<typeof pushFieldsSchema>;

/** What a push changed (or, with `dryRun`, would change), per language. */
export const pushLanguageSummarySchema = z.object({
  code: z.string(),
  /** Strings written where there was none (or an empty one). */
  added: z.number().int(),
  /** Strings whose text changed. */
  changed: z.number().int(),
  unchanged: z.number().int(),
});

export const pushAnswerSchema = z.object({
  dryRun: z.boolean(),
  /** The files read, with the language and format each was taken as. */
  files: z.array(
    z.object({ name: z.string(), language: z.string(), format: z.string(), namespace: z.string() }),
  ),
  keysAdded: z.number().int(),
  keysDeleted: z.number().int(),
  languages: z.array(pushLanguageSummarySchema),
  /** Entries that could not be taken (each with its reason); the rest was pushed. */
  errors: z.array(z.string()),
  /** What the push did that lost nothing but is worth saying (a key kept as `auth:title`). */
  notices: z.array(z.string()),
});
export type PushAnswer = z.infer<typeof pushAnswerSchema>;

/**
 * `GET /api/v1/status` (scope `pull`): per project language what `sprog status` prints.
 * `approved`: texts whose newest current review verdict is an approval.
 */
export const projectStatusSchema = z.object({
  project: z.object({ id: z.string(), name: z.string(), sourceLanguage: z.string() }),
  languages: z.array(
    z.object({
      code: z.string(),
      keys: z.number().int(),
      translated: z.number().int(),
      missing: z.number().int(),
      unverified: z.number().int(),
      approved: z.number().int(),
    }),
  ),
  /**
   * The files a language's keys are in (issue 33): "" the language's one file, then the named ones;
   * empty when every key is in the one file.
   */
  namespaces: z.array(z.string()),
});
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** `GET /api/v1/keys` (scope `pull`): every key name of the project, for `sprog check`. */
export const projectKeyNamesSchema = z.object({ keys: z.array(z.string()) });
export type ProjectKeyNames = z.infer<typeof projectKeyNamesSchema>;
