import { v1Contract } from "../../shared/contract/v1.ts";
import { type KeyCaller, type KeyProcedure, keyProcedure } from "../http/key-procedures.ts";
import type { AgentKeyService } from "./agent-service.ts";

/**
 * The developer's procedures of the public API (issue 36), each a REST route under /api/v1 and the
 * MCP tool of its operationId: search, create and rename keys, write source texts, and find the
 * keys code uses that the project lacks. The key's project is the only one they touch.
 */

export function developerProcedures(keys: AgentKeyService): KeyProcedure[] {
  const developer = v1Contract.developer;
  // NUL and half characters are refused at both edges (the REST body check, the MCP server's).
  const writing =
    <I extends { body: unknown }, O>(run: (caller: KeyCaller, body: I["body"]) => Promise<O>) =>
    (input: I, caller: KeyCaller) =>
      run(caller, input.body);
  return [
    keyProcedure(developer.searchKeys, ({ query }, { apiKey }) => keys.search(apiKey, query)),
    keyProcedure(developer.createKeys, writing(keys.create)),
    keyProcedure(developer.setSourceTexts, writing(keys.setSourceTexts)),
    keyProcedure(developer.renameKey, writing(keys.rename)),
    keyProcedure(developer.findMissingKeys, ({ body }, { apiKey }) => keys.findMissing(apiKey, body), {
      readOnly: true,
    }),
  ];
}
