import { z } from "zod";
import { multipartBody, uploadedFile } from "../contract/media.ts";

/** The parts of speech a term can be given (the migration's check constraint lists the same). */
export const PARTS_OF_SPEECH = ["noun", "verb", "adjective", "adverb", "proper noun", "other"] as const;
export const partOfSpeechSchema = z.enum(PARTS_OF_SPEECH);
export type PartOfSpeech = z.infer<typeof partOfSpeechSchema>;

export const TERM_MAX = 200;
export const TERM_DESCRIPTION_MAX = 2_000;
export const TERM_TRANSLATION_MAX = 500;
/** A team's glossary is read whole by the editor and the AI: a few thousand terms, not millions. */
export const GLOSSARY_TERMS_MAX = 10_000;
export const GLOSSARY_PAGE_MAX = 1_000;

/** Language codes as the project's language list holds them ("de", "pt-BR", "zh-Hans"). */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

export const glossaryTermSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  term: z.string(),
  description: z.string(),
  partOfSpeech: partOfSpeechSchema.nullable(),
  caseSensitive: z.boolean(),
  forbidden: z.boolean(),
  doNotTranslate: z.boolean(),
  /** Language code → the approved translation (for a forbidden term: the forbidden word there). */
  translations: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

export const glossaryTermListSchema = z.object({
  terms: z.array(glossaryTermSchema),
  /** How many terms match the search in all (the page may hold fewer). */
  total: z.number().int(),
});
export type GlossaryTermList = z.infer<typeof glossaryTermListSchema>;

/** The list's query: a search over terms, translations and descriptions; a page, or all without `limit`. */
export const glossaryListQuerySchema = z.object({
  q: z.string().trim().max(TERM_MAX, `Search must be at most ${TERM_MAX} characters`).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GLOSSARY_PAGE_MAX, `At most ${GLOSSARY_PAGE_MAX} terms per page`)
    .optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type GlossaryListQuery = z.input<typeof glossaryListQuerySchema>;

const termText = z
  .string({ error: "Term is required" })
  .trim()
  .min(1, "Term is required")
  .max(TERM_MAX, `A term must be at most ${TERM_MAX} characters`);
const description = z
  .string()
  .trim()
  .max(
    TERM_DESCRIPTION_MAX,
    `A description must be at most ${TERM_DESCRIPTION_MAX.toLocaleString("en")} characters`,
  );

/** Translations trimmed; an empty one means "none" and is dropped. */
const translations = z
  .record(
    z
      .string()
      .regex(LANGUAGE_CODE, "Translations must be keyed by a language code (for example de or pt-BR)"),
    z
      .string()
      .trim()
      .max(TERM_TRANSLATION_MAX, `A translation must be at most ${TERM_TRANSLATION_MAX} characters`),
  )
  .transform((given) => Object.fromEntries(Object.entries(given).filter(([, text]) => text !== "")));

export const BOTH_FLAGS_MESSAGE = "A term cannot be both forbidden and “do not translate”";

const termFields = {
  term: termText,
  description,
  partOfSpeech: partOfSpeechSchema.nullable(),
  caseSensitive: z.boolean(),
  forbidden: z.boolean(),
  doNotTranslate: z.boolean(),
  translations,
};

export const createGlossaryTermBodySchema = z
  .object({
    term: termFields.term,
    description: termFields.description.default(""),
    partOfSpeech: termFields.partOfSpeech.default(null),
    caseSensitive: termFields.caseSensitive.default(false),
    forbidden: termFields.forbidden.default(false),
    doNotTranslate: termFields.doNotTranslate.default(false),
    translations: termFields.translations.default({}),
  })
  .refine((body) => !(body.forbidden && body.doNotTranslate), BOTH_FLAGS_MESSAGE);
export type CreateGlossaryTermBody = z.input<typeof createGlossaryTermBodySchema>;

/** Only the fields given change; `translations`, when given, replaces all of the term's. */
export const updateGlossaryTermBodySchema = z
  .object({
    term: termFields.term.optional(),
    description: termFields.description.optional(),
    partOfSpeech: termFields.partOfSpeech.optional(),
    caseSensitive: termFields.caseSensitive.optional(),
    forbidden: termFields.forbidden.optional(),
    doNotTranslate: termFields.doNotTranslate.optional(),
    translations: termFields.translations.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "Nothing to update");
export type UpdateGlossaryTermBody = z.input<typeof updateGlossaryTermBodySchema>;

/** The CSV's field columns, in the order the export writes them; one column per language follows. */
export const GLOSSARY_CSV_FIELDS = [
  "term",
  "description",
  "part_of_speech",
  "case_sensitive",
  "forbidden",
  "do_not_translate",
] as const;

/** The CSV import: one file field. */
export const glossaryImportFormSchema = multipartBody(
  z.object({ file: uploadedFile("Choose a CSV file to import") }),
);
export type GlossaryImportForm = z.input<typeof glossaryImportFormSchema>;

export const glossaryImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type GlossaryImportResult = z.infer<typeof glossaryImportResultSchema>;

/** What the editor, the checks and the AI need of a term (src/shared/glossary/match.ts). */
export const glossaryEntrySchema = z.object({
  id: z.string(),
  term: z.string(),
  description: z.string(),
  caseSensitive: z.boolean(),
  forbidden: z.boolean(),
  doNotTranslate: z.boolean(),
  translations: z.record(z.string(), z.string()),
});
export const glossaryEntryListSchema = z.object({ entries: z.array(glossaryEntrySchema) });
export type GlossaryEntryList = z.infer<typeof glossaryEntryListSchema>;
