import { ANY_KEY_SCOPE } from "../../../../shared/contract/key-endpoint.ts";
import { API_KEY_SCOPES, type ApiKeyScope } from "../../../../shared/schemas/api-keys.ts";

/**
 * The MCP server's tools (issue 36) as the docs list them: each is a public API procedure with an
 * `operationId`, and a key gets it when it holds one of its scopes. `reference-data.test.ts`
 * checks this list against the contract's operations and their scopes.
 */
export interface AgentTool {
  name: string;
  scopes: readonly ApiKeyScope[];
  does: string;
  /** The MCP resource that reads the same, for a client that attaches resources. */
  resource?: string;
}

export const AGENT_TOOLS: readonly AgentTool[] = [
  {
    name: "get_glossary",
    scopes: ANY_KEY_SCOPE,
    does: "The team's glossary: terms with their translations, and those never to translate or never to use.",
    resource: "sprog://project/glossary",
  },
  {
    name: "get_tone_of_voice",
    scopes: ANY_KEY_SCOPE,
    does: "The team's product context, brand tone and tone rules.",
    resource: "sprog://project/tone",
  },
  {
    name: "get_project_languages",
    scopes: ANY_KEY_SCOPE,
    does: "The source language, the target languages and the project's placeholder format.",
    resource: "sprog://project/languages",
  },
  {
    name: "get_status",
    scopes: ["pull"],
    does: "Per language: keys, translated, missing, unverified, approved.",
  },
  {
    name: "search_keys",
    scopes: ["pull", "push"],
    does: "Find the project's keys by name or text, to reuse one before adding another.",
  },
  {
    name: "find_missing_keys",
    scopes: ["pull", "push"],
    does: "Given the contents of source files, the keys the code uses that the project lacks (the rules of sprog check).",
  },
  {
    name: "create_keys",
    scopes: ["push"],
    does: "Add keys with their source text, description, max length, tags and namespace.",
  },
  { name: "set_source_texts", scopes: ["push"], does: "Change the source-language text of keys." },
  { name: "rename_key", scopes: ["push"], does: "Rename a key; its translations stay with it." },
  {
    name: "list_keys_to_translate",
    scopes: ["translate"],
    does: "The keys a language still needs: missing, unverified or failing a quality check, a page at a time.",
  },
  {
    name: "get_key_context",
    scopes: ["translate"],
    does: "Everything about one key: source text, description, max length, screenshots (as images), glossary terms in it, tone of voice, comments and translation-memory suggestions.",
  },
  {
    name: "set_translations",
    scopes: ["translate"],
    does: "Write one or many translations. The answer lists the quality checks each text fails, so the agent can fix it and write again.",
  },
  { name: "list_reviews", scopes: ["review"], does: "The project's open reviews." },
  {
    name: "list_review_keys",
    scopes: ["review"],
    does: "A review's translations that still wait for a verdict.",
  },
  {
    name: "set_review_verdict",
    scopes: ["review"],
    does: "Approve a translation, or mark it as needing changes with a comment.",
  },
];

/** The tools a key with `scope` gets; `webhooks:manage` alone gets only the readings of any key. */
export function toolsOfScope(scope: ApiKeyScope): AgentTool[] {
  return AGENT_TOOLS.filter(
    (tool) => tool.scopes.includes(scope) && tool.scopes.length < API_KEY_SCOPES.length,
  );
}

/** The tools every key gets, whatever its scopes. */
export const ANY_KEY_TOOLS = AGENT_TOOLS.filter((tool) => tool.scopes.length === API_KEY_SCOPES.length);
