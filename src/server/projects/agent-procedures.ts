import { v1Contract } from "../../shared/contract/v1.ts";
import { keyProcedure } from "../http/key-procedures.ts";
import type { ProjectContext } from "./project-context.ts";

/** Where an MCP client reads the project's context as resources (issue 36). */
export const CONTEXT_RESOURCES = {
  glossary: { uri: "sprog://project/glossary", name: "glossary" },
  tone: { uri: "sprog://project/tone", name: "tone-of-voice" },
  languages: { uri: "sprog://project/languages", name: "languages" },
} as const;

/**
 * The project context of the public API, for a key of any scope: REST routes under /api/v1, MCP
 * tools, and (having no input) MCP resources at CONTEXT_RESOURCES.
 */
export function contextProcedures(context: ProjectContext) {
  const { glossary, tone, languages } = v1Contract.context;
  return [
    keyProcedure(glossary, (_input, { apiKey }) => context.glossary(apiKey.project_id), {
      resource: CONTEXT_RESOURCES.glossary,
    }),
    keyProcedure(tone, (_input, { apiKey }) => context.tone(apiKey.project_id), {
      resource: CONTEXT_RESOURCES.tone,
    }),
    keyProcedure(languages, (_input, { apiKey }) => context.languages(apiKey.project_id), {
      resource: CONTEXT_RESOURCES.languages,
    }),
  ];
}
