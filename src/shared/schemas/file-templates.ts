import { z } from "zod";
import { formatIdSchema } from "./transfer.ts";

/** The language of a file that holds a table of every language (CSV, Excel). */
export const ALL_LANGUAGES = "*";

/**
 * An uploaded file kept as the template of its exports (issue 33): Project Settings → Files lists
 * them. One per project, format, file language and namespace; the next upload of that file
 * replaces it.
 */
export const fileTemplateSchema = z.object({
  id: z.string(),
  format: formatIdSchema,
  /** The language the file holds, or `*` for a CSV or Excel table of every language. */
  language: z.string(),
  /** The file's name as it was uploaded (by the CLI, with its folders). */
  path: z.string(),
  /** The namespace its keys are in (`common` of `locales/de/common.json`); "": the language's one file. */
  namespace: z.string(),
  /** In bytes. */
  size: z.number().int(),
  /** Hex SHA-256 of the bytes kept. */
  sha256: z.string(),
  /**
   * JSON: whether the file wrote its keys as nested objects (`{"home": {"title": …}}`) rather than
   * flat (`{"home.title": …}`); null for other formats. Export starts from the uploaded shape.
   */
  nested: z.boolean().nullable(),
  /** Who uploaded it (for a CLI push, whoever made the API key); null once that account is gone. */
  uploadedBy: z
    .object({
      /** Full name from the profile; empty when none is saved. */
      name: z.string(),
      email: z.string(),
    })
    .nullable(),
  uploadedAt: z.string(),
});
export type FileTemplate = z.infer<typeof fileTemplateSchema>;

/** By path, then language. */
export const fileTemplateListSchema = z.object({ files: z.array(fileTemplateSchema) });
export type FileTemplateList = z.infer<typeof fileTemplateListSchema>;
