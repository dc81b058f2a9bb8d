import { z } from "zod";
import { branchNameSchema } from "./branches.ts";
import { namespaceSchema } from "./namespace.ts";

/** Spec point 9: the pull API's formats and placeholder formats. */
export const PULL_FORMATS = ["json", "strings", "stringsdict", "android"] as const;
export type PullFormat = (typeof PULL_FORMATS)[number];
export const PULL_PLACEHOLDER_FORMATS = ["web", "ios", "android"] as const;
export type PullPlaceholderFormat = (typeof PULL_PLACEHOLDER_FORMATS)[number];

/** The spec's address of the pull API: it answers there as at `/api/v1/pull`. */
export const PULL_ALIAS_PATH = "/functions/v1/pull-translations";

/** The header that carries the project API key. */
export const API_KEY_HEADER = "x-api-key";

function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  const allowed = values.join(", ");
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? `${field} is required; allowed values: ${allowed}`
        : `${field} must be one of: ${allowed} (got ${JSON.stringify(issue.input)})`,
  });
}

/**
 * Spec point 5: format and placeholderFormat required, language optional (omitted: a zip of every
 * language of the project).
 */
export const pullBodySchema = z.object({
  format: oneOf("format", PULL_FORMATS),
  placeholderFormat: oneOf("placeholderFormat", PULL_PLACEHOLDER_FORMATS),
  language: z
    .string({ error: "language must be a language code, e.g. de" })
    .trim()
    .min(1, "language must be a language code, e.g. de")
    .max(35, "language must be a language code, e.g. de")
    .optional(),
  /** JSON: nested objects by the dots in keys (default false: flat keys), as the export dialog's option. */
  nested: z.boolean({ error: "nested must be true or false" }).optional(),
  /** Keys by name instead of the order of the files they came from (default false). */
  sortKeys: z.boolean({ error: "sortKeys must be true or false" }).optional(),
  /**
   * One namespace's file (the keys of one file, e.g. i18next `common`; "" the language's one file).
   * Unset: one language's file holds every key; the zip has a file per namespace (`de/common.json`).
   */
  namespace: namespaceSchema.optional(),
  /** Pseudo-localized text, for testing layouts (default false: it never ships unless asked for). */
  includePseudo: z.boolean({ error: "includePseudo must be true or false" }).optional(),
  /** AI output no person has saved or approved yet (default true). */
  includeUnverifiedAi: z.boolean({ error: "includeUnverifiedAi must be true or false" }).optional(),
  /** A branch's strings instead of main's (issue 39); unset or `main`: main. */
  branch: branchNameSchema.optional(),
});
export type PullBody = z.infer<typeof pullBodySchema>;

/** File name ending of each pull format (one language: `{language}.{ext}`). */
export const PULL_FILE_EXTENSIONS: Record<PullFormat, string> = {
  json: "json",
  strings: "strings",
  stringsdict: "stringsdict",
  android: "xml",
};
