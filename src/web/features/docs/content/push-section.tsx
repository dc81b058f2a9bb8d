import { API_KEY_SCOPES } from "../../../../shared/schemas/api-keys.ts";
import { API_KEY_HEADER } from "../../../../shared/schemas/pull.ts";
import { AGENT_DOCS_SECTION } from "../../../lib/agent-config.ts";
import { Code, CodeBlock, DataTable, DocSection, List, P, SubHeading } from "../components/prose.tsx";
import { SERVER_DEFAULTS } from "../reference-data.ts";

/** What each scope of a project API key allows (issue 20). */
const SCOPE_USES: Record<(typeof API_KEY_SCOPES)[number], string> = {
  pull: "POST /api/v1/pull, GET /api/v1/status, GET /api/v1/keys; the MCP server's status and key search",
  push: "POST /api/v1/push; the developer tools of the MCP server (/mcp) and their /api/v1 routes",
  translate: "The translator tools of the MCP server and their /api/v1 routes",
  review: "The reviewer tools of the MCP server and their /api/v1 routes",
  release: "POST /api/v1/releases (sprog release); the MCP server's publish_release",
  "webhooks:manage": "/api/v1/webhooks",
};

/** The push form's fields, in the order the endpoint documents them. */
const PUSH_FIELD_ROWS: [string, string][] = [
  [
    "file",
    "A file in any format Sprog imports, or a .zip of several (each file's language and format from its name).",
  ],
  ["language", "The file's language code; needed for a single file whose name does not tell it."],
  ["format", "A format id, when the file name's extension does not tell it."],
  [
    "overwriteExisting",
    "true: replace texts that differ. Default false: only fill strings that are missing or empty.",
  ],
  ["deleteMissing", "true: delete the project's keys the file does not have. Source language only."],
  ["tags", "Comma-separated tags given to the keys the push adds."],
  ["dryRun", "true: answer what would change, and change nothing."],
];

/** Sections `scopes`, `push` and `status` of the docs topic api (issue 20): CI's writes and reads. */
export function PushSection({ host }: { host: string }) {
  return (
    <>
      <DocSection id="scopes" title="Key scopes">
        <P>
          Each key gets its scopes when it is made in Project Settings → API Access; a key without a scope
          gets 403 with a message naming the scope to give it. Keys made before scopes could pull only, and
          still do. Any key also reads its project's glossary, tone of voice and languages; which MCP tool
          each scope gives is in <a href={`#${AGENT_DOCS_SECTION}`}>Use Sprog from coding agents</a>.
        </P>
        <DataTable
          caption="What each scope allows"
          columns={["Scope", "Endpoints"]}
          rows={API_KEY_SCOPES.map((scope) => [<Code key={scope}>{scope}</Code>, SCOPE_USES[scope]])}
          rowKeys={[...API_KEY_SCOPES]}
        />
      </DocSection>

      <DocSection id="push" title="Push: source files from CI">
        <P>
          <Code>POST /api/v1/push</Code> with a key that has the <Code>push</Code> scope in{" "}
          <Code>{API_KEY_HEADER}</Code> takes multipart form data. It reads the file with the same parser as
          the Import dialog and writes it in one transaction, each string's history saying "Pushed by API";
          files up to {SERVER_DEFAULTS.MAX_UPLOAD_MB} MB. A file Sprog cannot read changes nothing.
        </P>
        <DataTable
          caption="Form fields"
          columns={["Field", "Meaning"]}
          rows={PUSH_FIELD_ROWS.map(([field, meaning]) => [<Code key={field}>{field}</Code>, meaning])}
          rowKeys={PUSH_FIELD_ROWS.map(([field]) => field)}
        />
        <P>
          The answer lists the files read, the keys added and deleted, and per language the strings added,
          changed and unchanged. With <Code>dryRun=true</Code> it is the same summary and the project stays as
          it was, so a pull request's CI can show what merging it would push.
        </P>
        <CodeBlock
          title="curl"
          wrap
        >{`curl -fsS -H "${API_KEY_HEADER}: $SPROG_API_KEY" -F file=@src/locales/en.json -F language=en -F dryRun=true ${host}/api/v1/push`}</CodeBlock>

        <SubHeading id="status">Status and key names</SubHeading>
        <List>
          <li>
            <Code>GET /api/v1/status</Code>: per language, keys, translated, missing, unverified (AI or
            pseudo-localization text no person has checked) and approved.
          </li>
          <li>
            <Code>GET /api/v1/keys</Code>: every key name of the project, which <Code>sprog check</Code>{" "}
            compares with the keys your code uses.
          </li>
        </List>
      </DocSection>
    </>
  );
}
