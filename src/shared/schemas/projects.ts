import { z } from "zod";
import { checkIdSchema } from "../quality/checks.ts";

export const PLACEHOLDER_FORMATS = ["web", "unified", "ios", "android", "lokalise"] as const;
export const placeholderFormatSchema = z.enum(PLACEHOLDER_FORMATS);
export type PlaceholderFormat = z.infer<typeof placeholderFormatSchema>;

/** A language code of the catalogue shape: `en`, `pt-BR`, `zh-Hant`, `es-419`. */
export const languageCodeSchema = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Not a language code");

export const DEFAULT_SOURCE_LANGUAGE = "en";
export const NAME_MAX = 255;

export const projectSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  kind: z.literal("web"),
  sourceLanguage: z.string(),
  /** Ordered; the source language is always in it. */
  languages: z.array(z.string()),
  placeholderFormat: placeholderFormatSchema,
  /** Quality checks turned off for the project (issue 21): not shown, counted or filtered. */
  disabledChecks: z.array(checkIdSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({ projects: z.array(projectSchema) });

const projectName = z
  .string({ error: "Project name is required" })
  .trim()
  .min(1, "Project name is required")
  .max(NAME_MAX, `Project name must be at most ${NAME_MAX} characters`);

/** Spec point 5: name required and trimmed; created with languages ['en']. */
export const createProjectBodySchema = z.object({ name: projectName });
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z
  .object({
    name: projectName.optional(),
    placeholderFormat: placeholderFormatSchema.optional(),
    disabledChecks: z.array(checkIdSchema).max(50).optional(),
  })
  .refine(
    (body) =>
      body.name !== undefined || body.placeholderFormat !== undefined || body.disabledChecks !== undefined,
    "Nothing to update",
  );
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

/**
 * The whole ordered language list (add, remove and reorder are all this one call). The source
 * language must stay; codes must be unique and in the catalogue; at least one remains.
 */
export const setLanguagesBodySchema = z.object({
  languages: z.array(languageCodeSchema).min(1, "A project needs at least one language"),
});
export type SetLanguagesBody = z.infer<typeof setLanguagesBodySchema>;

/** Spec point 3: completion state per language. */
export const languageCompletionSchema = z.object({
  code: z.string(),
  isComplete: z.boolean(),
  missingKeys: z.number().int(),
  /** Filled by a person, a file or a checked AI answer: pseudo-localization is not counted. */
  translatedKeys: z.number().int(),
  totalKeys: z.number().int(),
  /** AI output no person has saved or approved yet (issue 19). */
  unverifiedKeys: z.number().int(),
  /** Pseudo-localized cells: filled, but not translations; while any remain, never complete. */
  pseudoKeys: z.number().int(),
});
export type LanguageCompletion = z.infer<typeof languageCompletionSchema>;
export const completionSchema = z.object({ languages: z.array(languageCompletionSchema) });
