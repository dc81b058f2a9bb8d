import { describe, expect, it } from "vitest";
import {
  claudeAddCommand,
  claudeMcpJson,
  codexConfigToml,
  cursorMcpJson,
  mcpUrl,
  vscodeMcpJson,
} from "./agent-config.ts";

const URL = mcpUrl("http://localhost:3000");

describe("the coding agents' settings", () => {
  it("point at /mcp on the app's own origin", () => {
    expect(URL).toBe("http://localhost:3000/mcp");
  });

  it("give Claude Code the server with the key from the environment, or the key itself", () => {
    expect(JSON.parse(claudeMcpJson(URL))).toEqual({
      mcpServers: {
        sprog: { type: "http", url: URL, headers: { "x-api-key": `\${SPROG_API_KEY}` } },
      },
    });
    expect(JSON.parse(claudeMcpJson(URL, "sprog_abc")).mcpServers.sprog.headers).toEqual({
      "x-api-key": "sprog_abc",
    });
    expect(claudeAddCommand(URL)).toBe(
      'claude mcp add --transport http sprog http://localhost:3000/mcp --header "x-api-key: $SPROG_API_KEY"',
    );
  });

  it("give Cursor and VS Code the key from their own variables", () => {
    expect(JSON.parse(cursorMcpJson(URL))).toEqual({
      mcpServers: { sprog: { url: URL, headers: { "x-api-key": `\${env:SPROG_API_KEY}` } } },
    });
    const vscode = JSON.parse(vscodeMcpJson(URL));
    expect(vscode.servers.sprog).toEqual({
      type: "http",
      url: URL,
      headers: { "x-api-key": `\${input:sprog-api-key}` },
    });
    // The header names an input the file declares, asked for as a password.
    expect(vscode.inputs).toEqual([expect.objectContaining({ id: "sprog-api-key", password: true })]);
  });

  it("give Codex the url and the variable it sends as a bearer token", () => {
    expect(codexConfigToml(URL).split("\n")).toEqual([
      "[mcp_servers.sprog]",
      'url = "http://localhost:3000/mcp"',
      'bearer_token_env_var = "SPROG_API_KEY"',
    ]);
  });
});
