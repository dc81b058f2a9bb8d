import { z } from "zod";
import { multipartBody, uploadedFile } from "../contract/media.ts";
import { FORMAT_IDS } from "../formats/types.ts";
import { canonicalLanguage, languageName } from "../languages.ts";
import { namespaceSchema } from "./namespace.ts";
import { placeholderFormatSchema } from "./projects.ts";

export const formatIdSchema = z.enum(FORMAT_IDS);

/** The most columns a column mapping names (Excel's own limit). */
const MAX_TABLE_COLUMNS = 16_384;
const COLUMN_MAPPING = "Column mapping";
const COLUMN_REF_RULE = `${COLUMN_MAPPING}: a column is its index from 0 or its header text`;

/** One column of a CSV or Excel table: its index from 0, or its header text. */
const tableColumnSchema = z.union(
  [
    z
      .number()
      .int(COLUMN_REF_RULE)
      .min(0, COLUMN_REF_RULE)
      .max(MAX_TABLE_COLUMNS - 1, `${COLUMN_MAPPING}: more columns than a table has`),
    z
      .string()
      .trim()
      .min(1, COLUMN_REF_RULE)
      .max(500, `${COLUMN_MAPPING}: a header text is at most 500 characters`),
  ],
  { error: COLUMN_REF_RULE },
);

/**
 * Which column of a CSV or Excel table is what (issue 33), as chosen in the import dialog: the
 * parsers read these columns and no others, instead of guessing from the header's names. Every
 * column is its index from 0 or its header text; in `languages` an index is written in digits
 * (`{"1": "en"}`) and any other text is a header. Language codes come back as Sprog writes them
 * (`pt_BR` → `pt-BR`). What depends on the file's header (an index past it, a header text no column
 * or two columns have, one column chosen twice) is checked by the parser, with the same 400.
 */
export const tableColumnsSchema = z
  .strictObject(
    {
      key: tableColumnSchema.optional(),
      languages: z
        .record(
          z.string().trim().min(1, COLUMN_REF_RULE).max(500),
          z.string().transform((code, context) => {
            const language = canonicalLanguage(code);
            if (language === undefined) {
              context.addIssue({
                code: "custom",
                message: `${COLUMN_MAPPING}: “${code}” is not a language code Sprog knows`,
              });
              return z.NEVER;
            }
            return language;
          }),
          { error: `${COLUMN_MAPPING}: languages must map columns to language codes` },
        )
        .optional(),
      description: tableColumnSchema.optional(),
      context: tableColumnSchema.optional(),
      maxLength: tableColumnSchema.optional(),
      tags: tableColumnSchema.optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${COLUMN_MAPPING}: unknown field ${issue.keys.map((key) => `“${key}”`).join(", ")} (the fields are key, languages, description, context, maxLength and tags)`
          : `${COLUMN_MAPPING}: must be an object such as {"key": 0, "languages": {"1": "en"}}`,
    },
  )
  .transform(({ key, languages, ...fields }, context) => {
    if (key === undefined) {
      context.addIssue({ code: "custom", message: `${COLUMN_MAPPING}: choose the key column` });
      return z.NEVER;
    }
    const entries = Object.entries(languages ?? {});
    if (entries.length === 0) {
      context.addIssue({
        code: "custom",
        message: `${COLUMN_MAPPING}: choose the language of at least one column`,
      });
      return z.NEVER;
    }
    if (entries.length > MAX_TABLE_COLUMNS) {
      context.addIssue({ code: "custom", message: `${COLUMN_MAPPING}: more columns than a table has` });
      return z.NEVER;
    }
    const columnOf = new Map<string, string>();
    for (const [column, language] of entries) {
      const other = columnOf.get(language);
      if (other !== undefined) {
        const name = (ref: string) => (/^\d+$/.test(ref) ? `index ${ref}` : `“${ref}”`);
        context.addIssue({
          code: "custom",
          message: `${COLUMN_MAPPING}: two columns are ${languageName(language)} (${language}): ${name(other)} and ${name(column)}`,
        });
        return z.NEVER;
      }
      columnOf.set(language, column);
    }
    return { key, languages: Object.fromEntries(entries), ...fields };
  });

/**
 * `columns` as a multipart field: the mapping's JSON text. Unset or empty: the columns are
 * guessed from the header.
 */
const columnsFieldSchema = z
  .string()
  .max(200_000)
  .optional()
  .transform((text, context): unknown => {
    if (text === undefined || text.trim() === "") return undefined;
    try {
      return JSON.parse(text);
    } catch {
      context.addIssue({ code: "custom", message: `${COLUMN_MAPPING}: the columns field is not valid JSON` });
      return z.NEVER;
    }
  })
  .pipe(tableColumnsSchema.optional())
  .meta({
    description:
      'CSV and Excel: which column is what, as JSON, instead of the guess from the header, e.g. {"key": "string_id", "languages": {"1": "en", "Deutsch": "de"}, "description": 3}. A column is its index from 0 or its header text; `key` and at least one language are needed; `description`, `context`, `maxLength` and `tags` are optional; columns not named are not read.',
  });

/** The import dialog's options (spec point 9 defaults). Sent as multipart fields next to the file. */
export const importOptionsSchema = z.object({
  language: z.string().trim().min(1, "Missing data or language selection").max(35),
  /** Unset: chosen from the file name's extension. */
  format: formatIdSchema.optional(),
  overwriteExisting: z.boolean().default(false),
  flattenNestedKeys: z.boolean().default(true),
  resetLanguageList: z.boolean().default(false),
  /** CSV and Excel: which column is what; unset: guessed from the header. */
  columns: tableColumnsSchema.optional(),
  /** The file's namespace (its keys' file); unset: read from the file's name (`namespaceOfPath`). */
  namespace: namespaceSchema.optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

const MISSING_IMPORT_DATA = "Missing data or language selection";

/** A checkbox-like multipart field: "true", "on" or "1" is set; absent or empty is the default. */
function formFlag(fallback: boolean) {
  return z
    .union([z.string(), z.boolean()])
    .optional()
    .transform((value) =>
      value === undefined || value === ""
        ? fallback
        : value === true || value === "true" || value === "on" || value === "1",
    );
}

/** The import as it travels: the file and the dialog's options as multipart fields. */
export const importFormSchema = multipartBody(
  z.object({
    file: uploadedFile(MISSING_IMPORT_DATA),
    language: z.string({ error: MISSING_IMPORT_DATA }).trim().min(1, MISSING_IMPORT_DATA).max(35),
    format: z
      .union([formatIdSchema, z.literal("")])
      .optional()
      .transform((value) => value || undefined),
    overwriteExisting: formFlag(false),
    flattenNestedKeys: formFlag(true),
    resetLanguageList: formFlag(false),
    columns: columnsFieldSchema,
    namespace: namespaceSchema.optional().meta({
      description:
        "The file the keys belong to in a project of several files per language (i18next `common`, Android `arrays`); empty: the language's one file. Unset: read from the file's name (`locales/de/common.json` → `common`, `de.json` → the one file).",
    }),
  }),
);
export type ImportForm = z.input<typeof importFormSchema>;

/** The completion notice's numbers (spec point 8), and what was skipped, in words. */
export const importResultSchema = z.object({
  keysAdded: z.number().int(),
  translationsAdded: z.number().int(),
  languagesAdded: z.number().int(),
  errors: z.number().int(),
  warnings: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportBodySchema = z.object({
  languages: z
    .array(z.string().min(1).max(35))
    .min(1, "Please select at least one language to export")
    .max(200),
  format: formatIdSchema.default("json"),
  pretty: z.boolean().default(true),
  /** Plurals as separate keys (`_one`, `_other`) instead of one ICU message. */
  flatten: z.boolean().default(false),
  /** JSON: nested objects (dots in keys) instead of flat keys. */
  nested: z.boolean().default(false),
  /** Rewrite placeholders into this format; null keeps them as stored. */
  placeholderFormat: placeholderFormatSchema.nullable().default(null),
  /** Keys by name instead of the order of the files they came from (new keys last). */
  sortKeys: z.boolean().default(false),
  /** Pseudo-localized text (for testing layouts; issue 34): never in a file unless asked for. */
  includePseudo: z.boolean().default(false),
  /** AI output no person has saved or approved yet. */
  includeUnverifiedAi: z.boolean().default(true),
});
export type ExportBody = z.input<typeof exportBodySchema>;
