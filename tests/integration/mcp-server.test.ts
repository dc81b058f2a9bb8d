import { describe, expect, it } from "vitest";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
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
      const rest = await call(keyClient(api().app.url, key), v1Contract.status, {});
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
