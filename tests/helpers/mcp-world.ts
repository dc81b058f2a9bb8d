import type { Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiKeyScope } from "../../src/shared/schemas/api-keys.ts";
import type { ApiClient } from "./api-client.ts";
import type { AppServer } from "./app-server.ts";
import { call } from "./contract-client.ts";
import { ownerWithProject } from "./factories.ts";
import { createScopedKey } from "./key-requests.ts";
import { callTool, connectAgent } from "./mcp.ts";
import { keyClient } from "./transfer.ts";

// What the MCP integration tests share (tests/helpers/mcp.ts is the client itself, also the bench's).
/**
 * A project in English and German with a key of `scopes`, an agent connected with it (2026-07-28,
 * named `name`) and the key's REST client.
 */
export async function agentOnProject(
  holder: { app: AppServer },
  scopes: ApiKeyScope[],
  name = "claude-code",
) {
  const { owner, projectId } = await ownerWithProject(holder, ["de"]);
  const { key } = await createScopedKey(owner, projectId, scopes);
  const agent = await connectAgent(holder.app.url, key, { name, era: "auto" });
  return { owner, projectId, key, agent, rest: keyClient(holder.app.url, key) };
}

/** A tool's refusal message; fails the test when the tool did not refuse. */
export async function refusal(agent: Client, tool: string, args: Record<string, unknown>): Promise<string> {
  const answer = await callTool(agent, tool, args);
  expect(answer.ok, JSON.stringify(answer)).toBe(false);
  return answer.ok ? "" : answer.message;
}

/** The project's keys as the session API lists them. */
export async function sessionKeys(owner: ApiClient, projectId: string) {
  const listed = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
  expect(listed.status).toBe(200);
  return listed.body.keys;
}
