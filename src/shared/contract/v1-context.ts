import { projectGlossarySchema, projectLanguagesSchema, projectToneSchema } from "../schemas/v1-context.ts";
import { ANY_KEY_SCOPE, keyErrors, withKey } from "./key-endpoint.ts";

const anyKey = withKey(ANY_KEY_SCOPE).route({ tags: ["Project context"] });

/**
 * What every key may read of its project (issue 36), whatever its scopes: the glossary, the tone of
 * voice and the languages. Each is an MCP tool (`operationId`) and, having no input, an MCP
 * resource too (its URI is given where the procedure is served).
 */
export const projectContextContract = {
  glossary: anyKey
    .route({
      method: "GET",
      path: "/v1/glossary",
      operationId: "get_glossary",
      summary: "The project's glossary",
      description:
        "The team's glossary terms with their approved translations in this project's languages, and which terms are brand names kept as they are or words never to use. Read it before you translate or review, and use each term's translation wherever the source text has the term.",
    })
    .errors(keyErrors)
    .output(projectGlossarySchema),
  tone: anyKey
    .route({
      method: "GET",
      path: "/v1/tone",
      operationId: "get_tone_of_voice",
      summary: "The project's tone of voice and product context",
      description:
        "What the product is, how its texts should sound and the team's writing rules (per section). Read it before you write or judge a text: a translation should follow it as the source text does.",
    })
    .errors(keyErrors)
    .output(projectToneSchema),
  languages: anyKey
    .route({
      method: "GET",
      path: "/v1/languages",
      operationId: "get_project_languages",
      summary: "The project's languages and placeholder format",
      description:
        "The source language, the languages the project translates into (codes and names), and how its texts write placeholders, with an example. Keep every placeholder of a source text in its translation, written the same way.",
    })
    .errors(keyErrors)
    .output(projectLanguagesSchema),
};

/** Where an MCP client reads the project's context as resources, by the tool that reads the same. */
export const CONTEXT_RESOURCES = {
  get_glossary: { uri: "sprog://project/glossary", name: "glossary" },
  get_tone_of_voice: { uri: "sprog://project/tone", name: "tone-of-voice" },
  get_project_languages: { uri: "sprog://project/languages", name: "languages" },
} as const;
