import { z } from "zod";
import { checkIdSchema } from "../quality/checks.ts";
import { MACHINE_KINDS, stringValueSchema } from "./keys.ts";
import { screenshotMimeSchema } from "./screenshots.ts";

/**
 * The translator's procedures of the public API (issue 36), also MCP tools: what a language still
 * needs, one key's whole context, and writing translations. Every field says in plain words what it
 * is, since the descriptions become the tools' JSON Schema an agent reads.
 */

export const TRANSLATE_STATES = ["missing", "unverified", "failing_checks"] as const;
export type TranslateState = (typeof TRANSLATE_STATES)[number];

export const KEYS_TO_TRANSLATE_DEFAULT = 50;
export const KEYS_TO_TRANSLATE_MAX = 200;
/** Translations one `set_translations` call may carry. */
export const TRANSLATIONS_PER_CALL_MAX = 500;

const languageField = z
  .string()
  .trim()
  .min(1, "language is required")
  .max(35, "language must be a language code, for example de or pt-BR");

/** A quality check a text fails, said so an agent can fix it. */
export const failedCheckSchema = z.object({
  id: checkIdSchema.describe(
    "The check's id: placeholders, markup, max_length, glossary_missing, glossary_forbidden, punctuation, same_as_source…",
  ),
  severity: z
    .enum(["error", "warning"])
    .describe("error: the text breaks the app or a hard rule (fix it); warning: worth a look"),
  message: z.string().describe("What is wrong, in plain words"),
  fix: z
    .string()
    .optional()
    .describe("The whole corrected text, when the fix is certain (e.g. the placeholders put back)"),
});
export type FailedCheck = z.infer<typeof failedCheckSchema>;

const machineField = z
  .enum(MACHINE_KINDS)
  .nullable()
  .describe(
    "ai: machine output (an AI or an agent wrote it) no person has checked yet; pseudo: pseudo-localization, not a translation; null: written or checked by a person",
  );

// ---- list_keys_to_translate ---------------------------------------------------------------------

export const listKeysToTranslateQuerySchema = z.object({
  language: languageField.describe(
    "The language to translate into: a code of one of the project's target languages, e.g. de (never the source language)",
  ),
  state: z
    .enum(TRANSLATE_STATES)
    .default("missing")
    .describe(
      "missing: no text yet (default); unverified: machine output no person has checked; failing_checks: a text that fails a quality check the project has on",
    ),
  cursor: z
    .string()
    .max(1000)
    .optional()
    .describe("The nextCursor of the previous page, as it came; omit it for the first page"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KEYS_TO_TRANSLATE_MAX)
    .default(KEYS_TO_TRANSLATE_DEFAULT)
    .describe(`Keys per page, 1-${KEYS_TO_TRANSLATE_MAX} (default ${KEYS_TO_TRANSLATE_DEFAULT})`),
});

export const keyToTranslateSchema = z.object({
  id: z.string().describe("The key's id"),
  key: z.string().describe("The key's name: what set_translations and get_key_context take"),
  namespace: z.string().describe("The file the key belongs to (e.g. common); empty: the language's one file"),
  source: z.string().describe("The source text to translate"),
  text: z.string().nullable().describe("The current text in the language; null when missing"),
  machine: machineField,
  description: z.string().nullable().describe("What the text is and where it shows, for translators"),
  maxLength: z.number().int().nullable().describe("The most characters the text may have; null: no limit"),
  checks: z
    .array(failedCheckSchema)
    .describe("The quality checks the current text fails (empty when it passes or is missing)"),
});
export type KeyToTranslate = z.infer<typeof keyToTranslateSchema>;

export const keysToTranslateSchema = z.object({
  language: z.string().describe("The language listed"),
  sourceLanguage: z.string().describe("The project's source language"),
  state: z.enum(TRANSLATE_STATES).describe("What the keys listed have in common"),
  total: z.number().int().describe("How many keys are in this state in the language, over all pages"),
  keys: z.array(keyToTranslateSchema).describe("This page of keys, in key name order"),
  nextCursor: z
    .string()
    .nullable()
    .describe("Pass as cursor to get the next page; null: this was the last page"),
});
export type KeysToTranslate = z.infer<typeof keysToTranslateSchema>;

// ---- get_key_context ----------------------------------------------------------------------------

export const keyContextQuerySchema = z.object({
  key: z.string().trim().min(1, "key is required").max(500).describe("The key's name, e.g. checkout.pay_now"),
  language: languageField
    .optional()
    .describe("Only this language's text, comments and suggestions; omit for every language"),
});

export const keyContextTextSchema = z.object({
  language: z.string().describe("The language code"),
  text: z.string().nullable().describe("The current text; null when missing"),
  version: z.number().int().nullable().describe("The text's version (each write adds 1); null when missing"),
  machine: machineField,
  checks: z.array(failedCheckSchema).describe("The quality checks the text fails"),
});

export const keyContextTermSchema = z.object({
  term: z.string().describe("The glossary term as the source text has it"),
  description: z.string().nullable().describe("What the term means, or how to use it"),
  doNotTranslate: z.boolean().describe("A name kept as it is in every language (brand, product)"),
  forbidden: z.boolean().describe("A term never to be used: avoid the words in translations"),
  translations: z
    .record(z.string(), z.string())
    .describe(
      "Per language: the approved translation to use (for a forbidden term: the word to avoid there); languages without one are absent",
    ),
});

export const keyContextCommentSchema = z.object({
  language: z.string().describe("The language whose thread the comment is in"),
  body: z.string().describe("What the comment says"),
  resolved: z.boolean().describe("Whether its thread was resolved"),
  createdAt: z.string().describe("When it was written (ISO 8601)"),
});

export const keyContextSuggestionSchema = z.object({
  language: z.string().describe("The language of the translation"),
  source: z.string().describe("A source text of the team identical or similar to this key's"),
  translation: z.string().describe("How it was translated"),
  similarity: z.number().int().describe("How alike the two source texts are, in percent (100: identical)"),
});

export const keyContextScreenshotSchema = z.object({
  id: z.string().describe("The screenshot's id"),
  name: z.string().describe("Its file name"),
  mime: screenshotMimeSchema.describe("Its image type"),
  width: z.number().int().describe("Width in pixels"),
  height: z.number().int().describe("Height in pixels"),
  byteSize: z.number().int().describe("Size in bytes"),
  rect: z
    .object({ x: z.number().int(), y: z.number().int(), width: z.number().int(), height: z.number().int() })
    .nullable()
    .describe("Where the key's text is on the image, in pixels; null: anywhere on it"),
  attached: z
    .boolean()
    .describe(
      "Whether the MCP tool's answer carries this image after its JSON (the first 3 of up to 1 MB each); a REST answer carries none",
    ),
});

export const keyContextSchema = z.object({
  id: z.string().describe("The key's id"),
  key: z.string().describe("The key's name"),
  namespace: z.string().describe("The file the key belongs to; empty: the language's one file"),
  description: z.string().nullable().describe("What the text is and where it shows, for translators"),
  context: z.string().nullable().describe("What tells identical texts apart (a gettext context)"),
  maxLength: z.number().int().nullable().describe("The most characters a text may have; null: no limit"),
  tags: z.array(z.string()).describe("The key's tags"),
  translatable: z.boolean().describe("false: the key must not be translated"),
  sourceLanguage: z.string().describe("The project's source language"),
  source: z.string().nullable().describe("The source text; null when the key has none yet"),
  texts: z.array(keyContextTextSchema).describe("The text in each target language asked for"),
  glossary: z
    .array(keyContextTermSchema)
    .describe("The team's glossary terms found in the source text: use their approved translations"),
  toneOfVoice: z
    .object({
      productContext: z.string().describe("What the product is, for whom"),
      brandTone: z.string().describe("How the product speaks"),
      rules: z.array(z.string()).describe("The team's writing rules, each after its section's title"),
    })
    .describe("How the team wants its texts written"),
  comments: z.array(keyContextCommentSchema).describe("The key's comments, oldest first"),
  suggestions: z
    .array(keyContextSuggestionSchema)
    .describe("Translation memory: how the team translated identical or similar source texts, best first"),
  screenshots: z
    .array(keyContextScreenshotSchema)
    .describe("Screenshots that show the key, most recent first"),
});
export type KeyContext = z.infer<typeof keyContextSchema>;

// ---- set_translations ---------------------------------------------------------------------------

export const translationInputSchema = z.object({
  key: z.string().trim().min(1, "key is required").max(500).describe("The key's name"),
  language: languageField.describe("The target language's code, e.g. de (never the source language)"),
  text: stringValueSchema
    .refine((text) => text.trim() !== "", "text is empty: leave a key you cannot translate out of the call")
    .describe("The translation, with the source text's placeholders and markup kept as they are"),
});

export const setTranslationsBodySchema = z.object({
  translations: z
    .array(translationInputSchema)
    .min(1, "translations is empty: send at least one")
    .max(
      TRANSLATIONS_PER_CALL_MAX,
      `At most ${TRANSLATIONS_PER_CALL_MAX} translations a call: split the rest into more calls`,
    )
    .describe(`The translations to write, 1-${TRANSLATIONS_PER_CALL_MAX}; all in one transaction`),
  dryRun: z
    .boolean()
    .default(false)
    .describe("true: answer the checks and what would be written, and write nothing"),
});

export const TRANSLATION_RESULTS = ["written", "unchanged", "refused"] as const;

export const translationResultSchema = z.object({
  key: z.string().describe("The key's name"),
  language: z.string().describe("The language"),
  result: z
    .enum(TRANSLATION_RESULTS)
    .describe(
      "written: saved as unverified AI output (with dryRun: would be); unchanged: the same text was there already; refused: not written, see reason",
    ),
  reason: z.string().optional().describe("Why it was refused"),
  version: z
    .number()
    .int()
    .nullable()
    .describe("The string's version now (with dryRun: as it is); null when there is none"),
  checks: z
    .array(failedCheckSchema)
    .describe("The quality checks the text fails: fix them and write the text again"),
});
export type TranslationResult = z.infer<typeof translationResultSchema>;

export const setTranslationsAnswerSchema = z.object({
  dryRun: z.boolean().describe("true: nothing was written"),
  written: z.number().int().describe("How many texts were written (with dryRun: would be)"),
  unchanged: z.number().int().describe("How many were the same as the stored text"),
  refused: z.number().int().describe("How many were refused"),
  failingChecks: z.number().int().describe("How many of the texts fail a quality check"),
  results: z.array(translationResultSchema).describe("One result per translation sent, in the same order"),
});
export type SetTranslationsAnswer = z.infer<typeof setTranslationsAnswerSchema>;
