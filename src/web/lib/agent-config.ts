import { API_KEY_HEADER } from "../../shared/schemas/pull.ts";

/**
 * How a coding agent's MCP client connects to Sprog (issue 36): the address and the settings files
 * of the common clients. The docs page and the API Access screen both show them, so they live here
 * rather than in either feature.
 */

/** Where the MCP server answers on the app's own origin (the server's `MCP_PATH`). */
export const MCP_PATH = "/mcp";
/** The name the snippets give the server in each client's settings. */
export const MCP_SERVER_KEY = "sprog";
/** The environment variable the snippets read the key from, as the CLI does. */
export const API_KEY_ENV = "SPROG_API_KEY";
/** The docs section about coding agents, in the topic `api`: the API Access screen links to it. */
export const AGENT_DOCS_SECTION = "coding-agents";
export const AGENT_DOCS_PATH = `/docs/api#${AGENT_DOCS_SECTION}`;

export function mcpUrl(host: string): string {
  return `${host}${MCP_PATH}`;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Claude Code's project file `.mcp.json`. `${SPROG_API_KEY}` is read from the environment when
 * Claude Code starts, so the file can be committed; with a real key in it, it must not be.
 */
export function claudeMcpJson(url: string, key = `\${${API_KEY_ENV}}`): string {
  return json({
    mcpServers: { [MCP_SERVER_KEY]: { type: "http", url, headers: { [API_KEY_HEADER]: key } } },
  });
}

/** `claude mcp add`: the shell fills in the key, which Claude Code keeps in the user's own settings. */
export function claudeAddCommand(url: string): string {
  return `claude mcp add --transport http ${MCP_SERVER_KEY} ${url} --header "${API_KEY_HEADER}: $${API_KEY_ENV}"`;
}

/** Cursor's `.cursor/mcp.json`: `${env:…}` is read from Cursor's environment. */
export function cursorMcpJson(url: string): string {
  return json({
    mcpServers: { [MCP_SERVER_KEY]: { url, headers: { [API_KEY_HEADER]: `\${env:${API_KEY_ENV}}` } } },
  });
}

/** VS Code's `.vscode/mcp.json`: VS Code asks for the key once and keeps it in its secret storage. */
export function vscodeMcpJson(url: string): string {
  const input = "sprog-api-key";
  return json({
    inputs: [{ type: "promptString", id: input, description: "Sprog project API key", password: true }],
    servers: { [MCP_SERVER_KEY]: { type: "http", url, headers: { [API_KEY_HEADER]: `\${input:${input}}` } } },
  });
}

/** Codex's `~/.codex/config.toml`: it sends the variable's value as `Authorization: Bearer`. */
export function codexConfigToml(url: string): string {
  return [
    `[mcp_servers.${MCP_SERVER_KEY}]`,
    `url = "${url}"`,
    `bearer_token_env_var = "${API_KEY_ENV}"`,
  ].join("\n");
}
