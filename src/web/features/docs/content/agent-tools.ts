import type { AnyContractProcedure } from "@orpc/contract";
import { apiKeyScopesOf } from "../../../../shared/contract/key-endpoint.ts";
import { v1Contract } from "../../../../shared/contract/v1.ts";
import { CONTEXT_RESOURCES } from "../../../../shared/contract/v1-context.ts";
import { API_KEY_SCOPES, type ApiKeyScope } from "../../../../shared/schemas/api-keys.ts";

/**
 * The MCP server's tools (issue 36) as the docs list them: each is a public API procedure with an
 * `operationId`, and a key gets it when it holds one of its scopes. What a tool does is the docs'
 * own words; its scopes and resource come from the contract, and `reference-data.test.ts` checks
 * that every tool of the contract is here.
 */
export interface AgentTool {
  name: string;
  scopes: readonly ApiKeyScope[];
  does: string;
  /** The MCP resource that reads the same, for a client that attaches resources. */
  resource?: string;
}

function operations(tree: object): AnyContractProcedure[] {
  return Object.values(tree).flatMap((node: object) =>
    "~orpc" in node ? [node as AnyContractProcedure] : operations(node),
  );
}

const OPERATIONS = new Map(
  operations(v1Contract).flatMap((p) =>
    p["~orpc"].route.operationId ? [[p["~orpc"].route.operationId, p]] : [],
  ),
);

function tool(name: string, does: string): AgentTool {
  const operation = OPERATIONS.get(name);
  if (!operation) throw new Error(`the docs name a tool the contract lacks: ${name}`);
  const resource = (CONTEXT_RESOURCES as Record<string, { uri: string } | undefined>)[name]?.uri;
  return { name, does, scopes: apiKeyScopesOf(operation), ...(resource ? { resource } : {}) };
}

export const AGENT_TOOLS: readonly AgentTool[] = [
  tool(
    "get_glossary",
    "The team's glossary: terms with their translations, and those never to translate or never to use.",
  ),
  tool("get_tone_of_voice", "The team's product context, brand tone and tone rules."),
  tool(
    "get_project_languages",
    "The source language, the target languages and the project's placeholder format.",
  ),
  tool("get_status", "Per language: keys, translated, missing, unverified, approved."),
  tool("search_keys", "Find the project's keys by name or text, to reuse one before adding another."),
  tool(
    "find_missing_keys",
    "Given the contents of source files, the keys the code uses that the project lacks (the rules of sprog check).",
  ),
  tool("create_keys", "Add keys with their source text, description, max length, tags and namespace."),
  tool("set_source_texts", "Change the source-language text of keys."),
  tool("rename_key", "Rename a key; its translations stay with it."),
  tool(
    "list_keys_to_translate",
    "The keys a language still needs: missing, unverified or failing a quality check, a page at a time.",
  ),
  tool(
    "get_key_context",
    "Everything about one key: source text, description, max length, screenshots (as images), glossary terms in it, tone of voice, comments and translation-memory suggestions.",
  ),
  tool(
    "set_translations",
    "Write one or many translations. The answer lists the quality checks each text fails, so the agent can fix it and write again.",
  ),
  tool("list_reviews", "The project's open reviews."),
  tool("list_review_keys", "A review's translations that still wait for a verdict."),
  tool("set_review_verdict", "Approve a translation, or mark it as needing changes with a comment."),
  tool(
    "publish_release",
    "Publish an over-the-air release of the translations (environment, languages, only approved or passing strings), as sprog release does.",
  ),
];

/** The tools a key with `scope` gets; `webhooks:manage` alone gets only the readings of any key. */
export function toolsOfScope(scope: ApiKeyScope): AgentTool[] {
  return AGENT_TOOLS.filter(
    (tool) => tool.scopes.includes(scope) && tool.scopes.length < API_KEY_SCOPES.length,
  );
}

/** The tools every key gets, whatever its scopes. */
export const ANY_KEY_TOOLS = AGENT_TOOLS.filter((tool) => tool.scopes.length === API_KEY_SCOPES.length);
