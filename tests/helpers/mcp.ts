import { type CallToolResult, Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { API_KEY_HEADER } from "../../src/shared/schemas/pull.ts";

/** Where the app serves MCP, as a user's `.mcp.json` names it. */
export const mcpUrl = (baseUrl: string) => new URL("/mcp", baseUrl);

export interface AgentOptions {
  /** The client's name, as Claude Code or Cursor introduce themselves. */
  name?: string;
  /** `legacy`: the 2025 handshake most clients speak today; `auto` negotiates 2026-07-28. */
  era?: "legacy" | "auto";
  /** Send the key as `Authorization: Bearer` instead of x-api-key. */
  bearer?: boolean;
}

/**
 * A coding agent connected to the app's MCP server with a project API key: the SDK's own client
 * over Streamable HTTP, as a `.mcp.json` entry configures it.
 */
export async function connectAgent(
  baseUrl: string,
  key: string,
  options: AgentOptions = {},
): Promise<Client> {
  const headers: Record<string, string> = options.bearer
    ? { authorization: `Bearer ${key}` }
    : { [API_KEY_HEADER]: key };
  const transport = new StreamableHTTPClientTransport(mcpUrl(baseUrl), { requestInit: { headers } });
  const client = new Client(
    { name: options.name ?? "test-agent", version: "1.0.0" },
    options.era === "legacy" ? {} : { versionNegotiation: { mode: "auto" } },
  );
  await client.connect(transport);
  return client;
}

/** The names of the tools the agent is offered, sorted. */
export async function toolNames(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  return tools.map((tool) => tool.name).sort();
}

/** A tool's answer: its structured content when it succeeded, its message when it did not. */
export async function callTool<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<
  { ok: true; data: T; result: CallToolResult } | { ok: false; message: string; result: CallToolResult }
> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) {
    const text = result.content.find((c) => c.type === "text");
    return { ok: false, message: text?.type === "text" ? text.text : "", result };
  }
  return { ok: true, data: result.structuredContent as T, result };
}
