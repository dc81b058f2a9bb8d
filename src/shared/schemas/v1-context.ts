import { z } from "zod";
import { partOfSpeechSchema } from "./glossary.ts";
import { placeholderFormatSchema } from "./projects.ts";

/**
 * What every key of a project may read of it through the public API (issue 36): the glossary, the
 * tone of voice and the languages with their placeholder format. A coding agent reads them (also as
 * MCP resources) before it writes or judges a text. Every field carries a description: it becomes
 * the JSON Schema an agent reads.
 */

const languageSchema = z.object({
  code: z.string().describe("The language code, e.g. `de` or `pt-BR`."),
  name: z.string().describe("The language's English name, e.g. German."),
});

export const projectGlossarySchema = z.object({
  sourceLanguage: z
    .string()
    .describe("The project's source language: the language each `term` is written in."),
  terms: z
    .array(
      z.object({
        term: z.string().describe("The term as the source texts write it."),
        description: z.string().describe("What the term means here (may be empty)."),
        partOfSpeech: partOfSpeechSchema.nullable().describe("noun, verb… if given."),
        translations: z
          .record(z.string(), z.string())
          .describe(
            "Language code → the approved translation to use for the term, for the project's languages that have one. For a forbidden term: the word never to use in that language.",
          ),
        caseSensitive: z.boolean().describe("true: the term only matches written with this exact case."),
        doNotTranslate: z
          .boolean()
          .describe("true: a name kept exactly as it is in every language (a brand or product name)."),
        forbidden: z.boolean().describe("true: never use this term (nor its listed translations)."),
      }),
    )
    .describe(
      "The team's glossary, alphabetical. Use each term's translation where the source text has the term.",
    ),
});
export type ProjectGlossary = z.infer<typeof projectGlossarySchema>;

export const projectToneSchema = z.object({
  productContext: z
    .string()
    .nullable()
    .describe("What the product is and who uses it, as the team wrote it; null when it wrote none."),
  brandTone: z.string().describe("How the texts should sound: the team's brand tone, else Sprog's default."),
  brandToneIsDefault: z
    .boolean()
    .describe("true: the team wrote no brand tone; `brandTone` is Sprog's default."),
  sections: z
    .array(
      z.object({
        title: z.string().describe("What the section is about, e.g. Buttons, Errors."),
        description: z.string().describe("The section's explanation (may be empty)."),
        rules: z.array(z.string()).describe("Rules every text must follow."),
      }),
    )
    .describe("The team's tone sections in order: follow their rules when you write or judge a text."),
});
export type ProjectTone = z.infer<typeof projectToneSchema>;

export const PLACEHOLDER_DECIDED_BY = ["project setting", "source texts"] as const;

export const projectLanguagesSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }).describe("The project the key belongs to."),
  sourceLanguage: languageSchema.describe(
    "The language the texts are written in first (keys' source texts).",
  ),
  targetLanguages: z
    .array(languageSchema)
    .describe("The languages the project translates into, in the project's order."),
  placeholders: z
    .object({
      format: placeholderFormatSchema.describe(
        "How this project's texts write placeholders: web `{name}` (ICU), unified `[name]`, ios `%@`, android `%1$s`, lokalise `[%name$s]`.",
      ),
      decidedBy: z
        .enum(PLACEHOLDER_DECIDED_BY)
        .describe(
          "`project setting`: the project's chosen format; `source texts`: read from how its source texts write placeholders (the project kept the default setting).",
        ),
      syntax: z.string().describe("One placeholder in this format, e.g. `{name}`."),
      example: z
        .object({
          key: z
            .string()
            .nullable()
            .describe("The key whose source text this is; null for a made-up example."),
          text: z.string().describe("A text with placeholders as this project writes them."),
        })
        .describe("A text of the project with placeholders (or a made-up one when none has any)."),
      rule: z.string().describe("How to write placeholders in a translation."),
    })
    .describe("How placeholders are written here, so a translation keeps them right."),
});
export type ProjectLanguages = z.infer<typeof projectLanguagesSchema>;
