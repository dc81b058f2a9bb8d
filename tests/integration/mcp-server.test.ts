import type { AnyContractProcedure } from "@orpc/contract";
import { describe, expect, it } from "vitest";
import { flatInputSchema } from "../../src/server/http/key-procedures.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { CONTEXT_RESOURCES } from "../../src/shared/contract/v1-context.ts";
import { API_KEY_SCOPES } from "../../src/shared/schemas/api-keys.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { callTool, connectAgent, mcpUrl, toolNames } from "../helpers/mcp.ts";
import { keyClient } from "../helpers/transfer.ts";

// The MCP server (issue 36): a project API key connects, its scopes choose the tools.
const api = apiAppForThisFile();

describe("MCP server", () => {
  it("refuses a request without a key, or with an unknown one, before reading it (401)", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { "x-api-key": "sprog_nope" },
      { authorization: "Bearer sprog_nope" },
    ];
    for (const headers of attempts) {
      const answer = await fetch(mcpUrl(api().app.url), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: "{",
      });
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/API key/);
    }
  });

  it("refuses a browser page of another origin (403)", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(owner, projectId, ["pull"]);
    const answer = await fetch(mcpUrl(api().app.url), {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, origin: "https://evil.example" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(answer.status).toBe(403);
  });

  it("gives a pull key the read tools only, and answers them as the REST API does", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(owner, projectId, ["pull"]);
    for (const era of ["auto", "legacy"] as const) {
      const agent = await connectAgent(api().app.url, key, { era });
      const names = await toolNames(agent);
      expect(names).toContain("get_status");
      const { tools } = await agent.listTools();
      expect(tools.filter((t) => !t.annotations?.readOnlyHint).map((t) => t.name)).toEqual([]);
      const status = await callTool(agent, "get_status");
      const rest = await call(keyClient(api().app.url, key), v1Contract.status, { query: {} });
      expect(status.ok && status.data).toEqual(rest.body);
      await agent.close();
    }
  });

  it("takes the key as a bearer token too", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(owner, projectId, ["pull"]);
    const agent = await connectAgent(api().app.url, key, { bearer: true });
    expect(await toolNames(agent)).toContain("get_status");
    await agent.close();
  });
});

describe("MCP tools from the contract", () => {
  it("offers a key with every scope each operation of the contract, its schemas and words from there", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(owner, projectId, [...API_KEY_SCOPES]);
    const agent = await connectAgent(api().app.url, key);
    // What the agent is told first: the scopes, paging and the key's rate limit.
    expect(agent.getInstructions()).toMatch(/60 calls a minute per scope/);
    const { tools } = await agent.listTools();
    const operations = contractOperations(v1Contract);
    expect(tools.map((t) => t.name).sort()).toEqual([...operations.keys()].sort());
    for (const tool of tools) {
      const procedure = operations.get(tool.name);
      if (!procedure) throw new Error(`${tool.name} is not in the contract`);
      const { route } = procedure["~orpc"];
      expect(tool.description, tool.name).toContain(route.summary ?? "");
      const fields = Object.keys(flatInputSchema(procedure).shape).sort();
      expect(Object.keys(tool.inputSchema.properties ?? {}).sort(), tool.name).toEqual(fields);
      // Every argument an agent fills in says what it is for.
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        expect((schema as { description?: string }).description, `${tool.name}.${field}`).toBeTruthy();
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(
        route.method === "GET" || tool.name === "find_missing_keys",
      );
    }
    await agent.close();
  });

  it("lists the project context as resources any key reads", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(owner, projectId, ["webhooks:manage"]);
    const agent = await connectAgent(api().app.url, key);
    const { resources } = await agent.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(
      Object.values(CONTEXT_RESOURCES)
        .map((r) => r.uri)
        .sort(),
    );
    const { tools } = await agent.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["get_glossary", "get_project_languages", "get_tone_of_voice"]),
    );
    expect(tools.filter((t) => !t.annotations?.readOnlyHint)).toEqual([]);
    const read = await agent.readResource({ uri: CONTEXT_RESOURCES.get_project_languages.uri });
    const text = read.contents[0] && "text" in read.contents[0] ? read.contents[0].text : "";
    expect(JSON.parse(text)).toMatchObject({ sourceLanguage: { code: "en" } });
    await agent.close();
  });

  it("answers a refusal as the tool's error, with the REST API's message", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(owner, projectId, ["translate"]);
    const agent = await connectAgent(api().app.url, key);
    const answer = await callTool(agent, "get_key_context", { key: "no.such.key" });
    const rest = await fail(keyClient(api().app.url, key), v1Contract.translator.keyContext, {
      query: { key: "no.such.key" },
    });
    expect(rest.status).toBe(404);
    expect(answer).toMatchObject({ ok: false, message: rest.body.error.message });
    await agent.close();
  });
});

/** Every operation of the contract with an operationId, by that id. */
function contractOperations(tree: object): Map<string, AnyContractProcedure> {
  const found = new Map<string, AnyContractProcedure>();
  for (const node of Object.values(tree) as object[]) {
    if ("~orpc" in node) {
      const procedure = node as AnyContractProcedure;
      const id = procedure["~orpc"].route.operationId;
      if (id) found.set(id, procedure);
    } else for (const [id, procedure] of contractOperations(node)) found.set(id, procedure);
  }
  return found;
}
