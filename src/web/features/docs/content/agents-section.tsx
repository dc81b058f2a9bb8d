import { API_KEY_SCOPES, type ApiKeyScope } from "../../../../shared/schemas/api-keys.ts";
import { API_KEY_HEADER } from "../../../../shared/schemas/pull.ts";
import {
  AGENT_DOCS_SECTION,
  API_KEY_ENV,
  claudeAddCommand,
  claudeMcpJson,
  codexConfigToml,
  cursorMcpJson,
  MCP_PATH,
  mcpUrl,
  vscodeMcpJson,
} from "../../../lib/agent-config.ts";
import {
  Callout,
  Code,
  CodeBlock,
  DataTable,
  DocSection,
  Kbd,
  List,
  P,
  SubHeading,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";
import { SERVER_DEFAULTS } from "../reference-data.ts";
import { AGENT_TOOLS, type AgentTool, ANY_KEY_TOOLS, toolsOfScope } from "./agent-tools.ts";

/** What an agent holding each scope is there to do. */
const SCOPE_ROLE: Record<ApiKeyScope, string> = {
  pull: "Read where the project stands: completion, keys, what the code lacks.",
  push: "A developer: add the keys the new code uses, with a description and a max length, and their source text.",
  translate: "A translator: fill a language with the glossary, tone of voice and screenshots at hand.",
  review: "A reviewer: work through reviews, approving what people wrote and asking for changes.",
  release: "Ship: publish an over-the-air release once the texts are ready.",
  "webhooks:manage": "No tools of its own: its webhooks are REST only.",
};

/** The names of some tools, as code, separated by commas. */
function ToolNames({ tools }: { tools: readonly AgentTool[] }) {
  if (tools.length === 0) return <>–</>;
  return (
    <span className="flex flex-wrap gap-x-2 gap-y-1">
      {tools.map((tool) => (
        // Long names break on a phone rather than widen the table past the screen.
        <Code key={tool.name} wrap>
          {tool.name}
        </Code>
      ))}
    </span>
  );
}

/** Section `coding-agents` of the docs topic api (issue 36): the MCP server for coding agents. */
export function AgentsSection({ host }: { host: string }) {
  const url = mcpUrl(host);
  const scopeRows = [
    [
      <span key="any">Any scope</span>,
      <ToolNames key="t" tools={ANY_KEY_TOOLS} />,
      "Read the context every agent should follow. Also MCP resources.",
    ],
    ...API_KEY_SCOPES.map((scope) => [
      <Code key={scope} wrap>
        {scope}
      </Code>,
      <ToolNames key="t" tools={toolsOfScope(scope)} />,
      SCOPE_ROLE[scope],
    ]),
  ];
  return (
    <DocSection id={AGENT_DOCS_SECTION} title="Use Sprog from coding agents">
      <P>
        Coding agents such as Claude Code, Cursor, GitHub Copilot in VS Code and Codex add UI text while they
        write code. Sprog's MCP server lets them do that work in the project instead of around it, as a member
        of the team with the role its key gives: a developer that adds keys with a description and a max
        length, a translator that fills a language with the glossary and tone of voice at hand, a reviewer
        that prepares reviews. What an agent translates lands unverified, for a person to check.
      </P>
      <List>
        <li>
          <Code>POST {url}</Code>: Streamable HTTP, stateless, on this app's own address (
          <Code>{MCP_PATH}</Code>).
        </li>
        <li>
          The project API key in the <Code>{API_KEY_HEADER}</Code> header, or as{" "}
          <Code>Authorization: Bearer sprog_…</Code>. The key's scopes choose the tools the agent sees.
        </li>
      </List>

      <SubHeading id="agent-key">Make a key for the agent</SubHeading>
      <List ordered>
        <li>
          In <Ui>Project Settings → API Access</Ui> ({rolesWith("projects.manageApiKeys")}), name the key
          after the agent, e.g. “Claude Code”. History and Activity name the agent by the name its client
          gives when it connects (e.g. “claude-code”), and by the key's name if it gives none.
        </li>
        <li>
          Tick only the scopes its work needs (see the table below) and press <Ui>Create API key</Ui>.
        </li>
        <li>
          Copy the key: it is shown once. Put it in the environment of the agent, as {API_KEY_ENV}. One key
          per agent, so revoking one stops only that agent.
        </li>
      </List>
      <Callout kind="warning">
        <P>
          Never commit the key. The settings below read it from {API_KEY_ENV}, so they can be committed. A
          file with the key itself in it (the API Access screen shows one right after creating a key) belongs
          in <Code>.gitignore</Code>. A leaked key is revoked in API Access, and stops at once.
        </P>
      </Callout>

      <SubHeading id="agent-tools">What each scope gives the agent</SubHeading>
      <DataTable
        caption="Tools by scope"
        columns={["Scope", "Tools", "For"]}
        rows={scopeRows}
        rowKeys={["any", ...API_KEY_SCOPES]}
        // Wide enough for webhooks:manage on one line where the screen allows.
        columnClassNames={["sm:w-40"]}
      />
      <DataTable
        caption="The tools"
        columns={["Tool", "What it does"]}
        rows={AGENT_TOOLS.map((tool) => [
          <Code key={tool.name} wrap>
            {tool.name}
          </Code>,
          tool.resource ? (
            <>
              {tool.does} Also the resource <Code wrap>{tool.resource}</Code>.
            </>
          ) : (
            tool.does
          ),
        ])}
        rowKeys={AGENT_TOOLS.map((tool) => tool.name)}
        columnClassNames={["w-48"]}
      />
      <List>
        <li>
          Writes take <Code>dryRun</Code>: with <Code>true</Code> the answer says what would change, and
          nothing does.
        </li>
        <li>
          Every tool is also a REST route under <Code>/api/v1</Code>, with the same scopes and answers: in the{" "}
          <a href="#openapi">OpenAPI document</a> its operationId is the tool's name. A script can do what an
          agent does.
        </li>
        <li>
          A key may make {SERVER_DEFAULTS.PULL_RATE_LIMIT_PER_MINUTE} requests a minute per scope, and a tool
          call is a request. Past that the tool answers an error saying how long to wait.
        </li>
      </List>

      <SubHeading id="agent-clients">Connect the agent</SubHeading>
      <P>
        Any client that speaks Streamable HTTP and can send a header connects with the address {url} and the
        key in <Code>{API_KEY_HEADER}</Code>. The common ones, reading the key from {API_KEY_ENV} (export it
        in the shell that starts the agent):
      </P>
      <CodeBlock title="Claude Code, one command: it keeps the key in your own ~/.claude.json, not in the repository">
        {claudeAddCommand(url)}
      </CodeBlock>
      <CodeBlock title="Claude Code, .mcp.json at the repository's root: shared with the team, each with their own key">
        {claudeMcpJson(url)}
      </CodeBlock>
      <CodeBlock title="Cursor, .cursor/mcp.json (or ~/.cursor/mcp.json for every project)">
        {cursorMcpJson(url)}
      </CodeBlock>
      <CodeBlock title="VS Code with GitHub Copilot, .vscode/mcp.json: VS Code asks for the key once and keeps it in its secret storage">
        {vscodeMcpJson(url)}
      </CodeBlock>
      <CodeBlock title="Codex, ~/.codex/config.toml: the key goes as Authorization: Bearer">
        {codexConfigToml(url)}
      </CodeBlock>
      <P>
        In Claude Code, <Code>/mcp</Code> then lists the server and its tools. A client that only starts local
        (stdio) servers reaches Sprog through a bridge such as <Code>mcp-remote</Code>. Requests from a web
        page of another origin are refused, as for the app's own API.
      </P>

      <SubHeading id="agent-writes">What lands unverified, and who approves</SubHeading>
      <List>
        <li>
          Translations an agent writes go through the same checks as the editor's and land as{" "}
          <Ui>AI · unverified</Ui>, with the agent's name in the cell's <Ui>History</Ui> and in{" "}
          <Ui>Activity</Ui>. They count as <Ui>Unverified AI</Ui> in the Overview's filter and in status, and
          a pull with <Code>includeUnverifiedAi: false</Code> leaves them out.
        </li>
        <li>
          The answer of <Code>set_translations</Code> lists the quality checks each text fails (a placeholder
          missing, too long, a glossary term not used…), so the agent fixes it and writes again. See{" "}
          <TopicLink to="placeholders">Placeholders and quality checks</TopicLink>.
        </li>
        <li>
          A person makes the text verified: by saving the cell (<Kbd>Enter</Kbd> on it unchanged is enough) or
          by approving it in a <TopicLink to="reviews">review</TopicLink>, which{" "}
          {rolesWith("reviews.approve")} may do.
        </li>
        <li>
          An agent with the <Code>review</Code> scope approves what a person wrote, and may ask for changes on
          anything with a comment. It never approves text written by AI or an agent: the tool refuses, so
          machine output always has a person's approval.
        </li>
        <li>
          No translator tool approves, and a <Code>pull</Code> key has no tool that writes.
        </li>
      </List>
    </DocSection>
  );
}
