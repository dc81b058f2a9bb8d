import { z } from "zod";
import { NAMESPACE_MAX } from "../formats/file-namespace.ts";
import {
  createKeyBodySchema,
  IMPORTED_KEY_MAX,
  keyNameSchema,
  SEARCH_MAX,
  stringValueSchema,
  TAG_MAX,
  TAGS_MAX,
} from "./keys.ts";

/**
 * The developer's procedures of the public API (issue 36), also MCP tools: what a coding agent
 * sends and reads. Every field says what it is in words an agent acts on; the rules of a key's
 * fields are the session API's (keys.ts), so a key an agent creates is one a person could have.
 */

/** Keys on a page of search_keys, unless `limit` says otherwise, and at most. */
export const KEY_SEARCH_PAGE = 50;
export const KEY_SEARCH_PAGE_MAX = 200;
/** Keys created, or source texts written, in one call at most. */
export const KEYS_PER_CALL = 500;
/** find_missing_keys reads at most this many files, and this many characters of them, a call. */
export const SCANNED_FILES_MAX = 200;
export const SCANNED_TEXT_MAX = 1_000_000;
/** find_missing_keys' own patterns: how many, and how long each. */
export const USAGE_PATTERNS_MAX = 20;
export const USAGE_PATTERN_MAX = 500;

const quoted = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

/**
 * A key's name as a project stores it, for a key that exists: exactly as search_keys, `sprog pull`
 * and the code write it (imported names may be longer than typed ones, and are not trimmed).
 */
const existingKeyName = z
  .string()
  .min(1, "Key name is required")
  .max(IMPORTED_KEY_MAX, `Key name must be at most ${IMPORTED_KEY_MAX} characters`);

/**
 * A new key name, by the session API's rule (keyNameSchema); a refusal names the key, since one
 * call carries many.
 */
const newKeyName = z.string().transform((name, ctx) => {
  const parsed = keyNameSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: "custom", message: `${quoted(name)}: ${issue.message}` });
  }
  return z.NEVER;
});

const dryRun = z
  .boolean()
  .optional()
  .describe("true: check everything and answer what would change, but change nothing.");

/** Tags as a list, or (in a URL) comma-separated. */
const tagList = z
  .union([z.string(), z.array(z.string().max(TAG_MAX))])
  .transform((tags) =>
    (typeof tags === "string" ? tags.split(",") : tags).map((tag) => tag.trim()).filter(Boolean),
  )
  .refine((tags) => tags.length <= TAGS_MAX, `At most ${TAGS_MAX} tags`);

export const keySearchQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_MAX, `A search must be at most ${SEARCH_MAX} characters`)
    .optional()
    .describe(
      "Text to look for, case-insensitively, in the key names, their texts (any language, the source included) and their descriptions. Without three letters or digits in a row only names and descriptions are searched. Leave out to list every key.",
    ),
  tags: tagList
    .optional()
    .describe("Only keys that have every one of these tags (a list, or comma-separated)."),
  namespace: z
    .string()
    .max(NAMESPACE_MAX)
    .optional()
    .describe(
      'Only keys of this file (namespace), e.g. "common"; "" for the language\'s one file. Leave out for all.',
    ),
  cursor: z
    .string()
    .max(IMPORTED_KEY_MAX)
    .optional()
    .describe("The nextCursor of the previous answer, to read the next page. Leave out for the first page."),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KEY_SEARCH_PAGE_MAX, `limit must be at most ${KEY_SEARCH_PAGE_MAX}`)
    .default(KEY_SEARCH_PAGE)
    .describe(`Keys per page: ${KEY_SEARCH_PAGE} unless given, at most ${KEY_SEARCH_PAGE_MAX}.`),
});

/** Where a key stands in a language, as the Overview's filters count it (keys/filters.ts). */
export const TRANSLATION_STATES = ["translated", "unverified", "missing"] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];

export const searchedKeySchema = z.object({
  id: z.string().describe("The key's id."),
  key: z.string().describe("The key's name: what the code uses, and what the other tools take as `key`."),
  namespace: z
    .string()
    .describe('The file the key belongs to where a language has several (e.g. "common"); "": the one file.'),
  description: z.string().nullable().describe("What the text is and where it shows, for translators."),
  maxLength: z.number().int().nullable().describe("The most characters a text of this key may have."),
  tags: z.array(z.string()),
  translatable: z.boolean().describe("false: the text is never translated (a brand name, a code)."),
  source: z.string().nullable().describe("The text in the source language; null: none yet."),
  languages: z
    .record(z.string(), z.enum(TRANSLATION_STATES))
    .describe(
      "Per target language: translated (a person's or a file's text), unverified (machine output nobody has checked yet), missing (no text).",
    ),
});
export type SearchedKey = z.infer<typeof searchedKeySchema>;

export const keySearchAnswerSchema = z.object({
  sourceLanguage: z.string().describe("The language the source texts are in."),
  keys: z.array(searchedKeySchema).describe("In name order."),
  nextCursor: z
    .string()
    .nullable()
    .describe("Give it as `cursor` for the next page; null: this was the last page."),
});
export type KeySearchAnswer = z.infer<typeof keySearchAnswerSchema>;

const { sourceValue, description, maxLength, tags, namespace } = createKeyBodySchema.shape;

export const newKeySchema = z.object({
  key: newKeyName.describe(
    "The new key's name, as the code will use it (e.g. settings.title); unique in the project.",
  ),
  source: sourceValue.describe("Its text in the project's source language."),
  description: description.describe(
    "What the text is and where it shows (a button, a heading…), for translators and the AI.",
  ),
  maxLength: maxLength.describe("The most characters a text of this key may have (a narrow button)."),
  tags: tags.describe("Tags to group keys by (a feature, a release)."),
  namespace: namespace.describe(
    'The file (namespace) it belongs to, e.g. "common", where the project keeps several; leave out for the one file.',
  ),
});

export const createKeysBodySchema = z.object({
  keys: z
    .array(newKeySchema)
    .min(1, "Give at least one key")
    .max(KEYS_PER_CALL, `At most ${KEYS_PER_CALL} keys a call`)
    .describe(`The keys to add, at most ${KEYS_PER_CALL}. All are created, or none.`),
  dryRun,
});
export type CreateKeysBody = z.input<typeof createKeysBodySchema>;

export const createKeysAnswerSchema = z.object({
  dryRun: z.boolean(),
  keys: z
    .array(
      z.object({
        id: z.string().nullable().describe("The new key's id; null in a dry run."),
        key: z.string(),
        namespace: z.string(),
      }),
    )
    .describe("The keys created (or that would be, in a dry run), in the order given."),
});
export type CreateKeysAnswer = z.infer<typeof createKeysAnswerSchema>;

export const sourceTextsBodySchema = z.object({
  texts: z
    .array(
      z.object({
        key: existingKeyName.describe("The key's name, as search_keys and the code have it."),
        text: stringValueSchema.describe("Its new text in the source language."),
      }),
    )
    .min(1, "Give at least one text")
    .max(KEYS_PER_CALL, `At most ${KEYS_PER_CALL} texts a call`)
    .describe(`The source texts to write, at most ${KEYS_PER_CALL}. All are written, or none.`),
  dryRun,
});
export type SourceTextsBody = z.input<typeof sourceTextsBodySchema>;

export const sourceTextsAnswerSchema = z.object({
  dryRun: z.boolean(),
  sourceLanguage: z.string(),
  changed: z
    .array(z.object({ key: z.string(), version: z.number().int().describe("The text's new version.") }))
    .describe("The keys whose source text changed (or would)."),
  unchanged: z.array(z.string()).describe("The keys that already had exactly that text."),
});
export type SourceTextsAnswer = z.infer<typeof sourceTextsAnswerSchema>;

export const renameKeyRequestSchema = z.object({
  key: existingKeyName.describe("The key's name now."),
  newName: newKeyName.describe("Its new name; no other key of the project may have it."),
  dryRun,
});
export type RenameKeyRequest = z.input<typeof renameKeyRequestSchema>;

export const renamedKeyAnswerSchema = z.object({
  dryRun: z.boolean(),
  id: z.string(),
  key: z.string().describe("The key's name after the rename."),
  previous: z.string().describe("Its name before."),
});
export type RenamedKeyAnswer = z.infer<typeof renamedKeyAnswerSchema>;

const scannedFileSchema = z.object({
  path: z.string().min(1).max(1000).describe("The file's path in the repository, as the answer names it."),
  content: z.string().describe("The file's whole text."),
});

export const findMissingKeysBodySchema = z.object({
  files: z
    .array(scannedFileSchema)
    .min(1, "Give at least one file")
    .max(SCANNED_FILES_MAX, `At most ${SCANNED_FILES_MAX} files a call: send the others in another call`)
    .superRefine((files, ctx) => {
      let total = 0;
      for (const file of files) total += file.content.length;
      if (total > SCANNED_TEXT_MAX) {
        ctx.addIssue({
          code: "custom",
          message: `The files hold ${total.toLocaleString("en")} characters; at most ${SCANNED_TEXT_MAX.toLocaleString("en")} a call: send them in several calls`,
        });
      }
    })
    .describe(
      `Source files to read (at most ${SCANNED_FILES_MAX}, ${SCANNED_TEXT_MAX.toLocaleString("en")} characters in all).`,
    ),
  patterns: z
    .array(z.string().min(1).max(USAGE_PATTERN_MAX))
    .max(USAGE_PATTERNS_MAX, `At most ${USAGE_PATTERNS_MAX} patterns`)
    .optional()
    .describe(
      'More ways the code uses keys, besides the built-in ones: JavaScript regular expressions with exactly one capture group, the key (as check.patterns of sprog.config.json), e.g. tr\\("([^"]+)"\\).',
    ),
});
export type FindMissingKeysBody = z.input<typeof findMissingKeysBodySchema>;

export const missingKeysAnswerSchema = z.object({
  missing: z
    .array(
      z.object({
        key: z.string(),
        file: z.string().describe("The first file that uses it."),
        line: z.number().int().describe("The line of that use (the first line is 1)."),
      }),
    )
    .describe("The keys the code uses that the project lacks, in name order: create them with create_keys."),
  counts: z.object({
    files: z.number().int().describe("Files read."),
    used: z.number().int().describe("Distinct keys the code uses."),
    missing: z.number().int().describe("Of those, the ones the project lacks."),
  }),
});
export type MissingKeysAnswer = z.infer<typeof missingKeysAnswerSchema>;
