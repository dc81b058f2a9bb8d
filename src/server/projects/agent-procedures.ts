import { v1Contract } from "../../shared/contract/v1.ts";
import { CONTEXT_RESOURCES } from "../../shared/contract/v1-context.ts";
import { keyProcedure } from "../http/key-procedures.ts";
import type { ProjectContext } from "./project-context.ts";

/**
 * The project context of the public API, for a key of any scope: REST routes under /api/v1, MCP
 * tools, and (having no input) MCP resources at CONTEXT_RESOURCES.
 */
export function contextProcedures(context: ProjectContext) {
  const { glossary, tone, languages } = v1Contract.context;
  return [
    keyProcedure(glossary, (_input, { apiKey }) => context.glossary(apiKey.project_id), {
      resource: CONTEXT_RESOURCES.get_glossary,
    }),
    keyProcedure(tone, (_input, { apiKey }) => context.tone(apiKey.project_id), {
      resource: CONTEXT_RESOURCES.get_tone_of_voice,
    }),
    keyProcedure(languages, (_input, { apiKey }) => context.languages(apiKey.project_id), {
      resource: CONTEXT_RESOURCES.get_project_languages,
    }),
  ];
}
