import { v1Contract } from "../../shared/contract/v1.ts";
import { keyProcedure } from "../http/key-procedures.ts";
import type { KeyContextReader } from "./agent-context.ts";
import type { AgentStringService } from "./agent-service.ts";

/**
 * The translator's public API procedures (issue 36): REST routes under /api/v1 and, by their
 * operationIds, the MCP tools of a key with the `translate` scope (`get_key_context` with `review`
 * too). The key's scope is checked before any of them runs.
 */
export function translatorProcedures(deps: { agents: AgentStringService; context: KeyContextReader }) {
  const { agents, context } = deps;
  const { translator } = v1Contract;
  return [
    keyProcedure(translator.listKeysToTranslate, ({ query }, caller) =>
      agents.listToTranslate(caller, query),
    ),
    keyProcedure(translator.keyContext, ({ query }, caller) => context.keyContext(caller, query), {
      images: (answer) => context.images(answer),
    }),
    keyProcedure(translator.setTranslations, ({ body }, caller) => agents.setTranslations(caller, body)),
  ];
}
