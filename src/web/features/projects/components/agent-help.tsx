import { ExternalLink } from "lucide-react";
import { API_KEY_HEADER } from "../../../../shared/schemas/pull.ts";
import { Snippet } from "../../../components/ui/snippet.tsx";
import { AGENT_DOCS_PATH, API_KEY_ENV, claudeMcpJson, mcpUrl } from "../../../lib/agent-config.ts";

/**
 * How a coding agent connects to this project over MCP (issue 36). Right after a key is made, the
 * `.mcp.json` holds that key, ready to paste; otherwise it reads the key from the environment.
 */
export function AgentHelp({ host, apiKey }: { host: string; apiKey?: string }) {
  const url = mcpUrl(host);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="agent-help-title">
      <h4 id="agent-help-title" className="text-sm font-semibold">
        Use with coding agents
      </h4>
      <p className="text-xs text-muted">
        Claude Code, Cursor, VS Code and other MCP clients connect to this project at{" "}
        <code className="font-mono">{url}</code>, with the key in the{" "}
        <code className="font-mono">{API_KEY_HEADER}</code> header. The key's scopes choose the agent's tools;
        what it translates lands as unverified AI for a person to review. Name the key after the agent
        (“Claude Code”): History shows the key's name when the client gives none of its own.
      </p>
      <Snippet label="MCP server URL" code={url} copyable />
      <Snippet label=".mcp.json (Claude Code)" code={claudeMcpJson(url, apiKey)} copyable />
      <p className={apiKey ? "text-xs font-medium text-warning" : "text-xs text-muted"}>
        {apiKey ? (
          <>
            This file holds the key: keep it out of git (add it to{" "}
            <code className="font-mono">.gitignore</code>), or commit it with{" "}
            <code className="font-mono">{`\${${API_KEY_ENV}}`}</code> in the key's place.
          </>
        ) : (
          <>
            <code className="font-mono">{`\${${API_KEY_ENV}}`}</code> is read from the environment when the
            agent starts, so the file can be committed. Never commit the key itself.
          </>
        )}
      </p>
      <a
        href={AGENT_DOCS_PATH}
        target="_blank"
        rel="noreferrer"
        className="inline-flex w-fit items-center gap-1 text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
      >
        Set-up for Cursor, VS Code and Codex, and every tool by scope
        <ExternalLink className="size-3" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </section>
  );
}
