import { z } from "zod";
import { multipartBody, uploadedFile } from "../contract/media.ts";
import { FORMAT_IDS } from "../formats/types.ts";
import { placeholderFormatSchema } from "./projects.ts";

export const formatIdSchema = z.enum(FORMAT_IDS);

/** The import dialog's options (spec point 9 defaults). Sent as multipart fields next to the file. */
export const importOptionsSchema = z.object({
  language: z.string().trim().min(1, "Missing data or language selection").max(35),
  /** Unset: chosen from the file name's extension. */
  format: formatIdSchema.optional(),
  overwriteExisting: z.boolean().default(false),
  flattenNestedKeys: z.boolean().default(true),
  resetLanguageList: z.boolean().default(false),
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
});
export type ExportBody = z.input<typeof exportBodySchema>;
