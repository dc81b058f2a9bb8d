import { PUBLIC_API_DOCUMENT_PATH, v1Contract } from "../../../../shared/contract/v1.ts";
import { API_KEY_PREFIX, API_KEY_VISIBLE_CHARS } from "../../../../shared/schemas/api-keys.ts";
import {
  API_KEY_HEADER,
  PULL_ALIAS_PATH,
  PULL_FILE_EXTENSIONS,
  PULL_FORMATS,
  PULL_PLACEHOLDER_FORMATS,
  pullBodySchema,
} from "../../../../shared/schemas/pull.ts";
import { MCP_PATH } from "../../../lib/agent-config.ts";
import {
  Callout,
  Code,
  CodeBlock,
  DataTable,
  DocSection,
  List,
  NameWithNote,
  P,
  SubHeading,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";
import { SERVER_DEFAULTS } from "../reference-data.ts";
import { AgentsSection } from "./agents-section.tsx";
import { PULL_EXAMPLES, ZIP_PATHS } from "./api-examples.ts";
import { CliSection } from "./cli-section.tsx";
import { PushSection } from "./push-section.tsx";
import { ReleasesSection } from "./releases-section.tsx";
import { WebhooksSection } from "./webhooks-section.tsx";

export const PULL_PATH = `/api${v1Contract.pull["~orpc"].route.path}`;
export const PUBLIC_API_DOCUMENT_URL = `/api${PUBLIC_API_DOCUMENT_PATH}`;
/** Requests with a larger body are refused with 413 (`src/server/pull/routes.ts`). */
export const PULL_MAX_BODY_KB = 16;

/** An HTTP status with the error code its body carries. */
function StatusCode({ status, code }: { status: number; code: string }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span>{status}</span>
      <Code>{code}</Code>
    </span>
  );
}

/** This Sprog's own address, so the examples can be pasted as they are. */
function docsHost(): string {
  return typeof window === "undefined" ? "https://sprog.example.com" : window.location.origin;
}

/** The 400 message the server gives for a body, computed by the same schema it validates with. */
function validationMessage(body: unknown): string {
  const result = pullBodySchema.safeParse(body);
  return result.success ? "" : (result.error.issues[0]?.message ?? "");
}

export function ApiTopic() {
  const host = docsHost();
  const json = PULL_EXAMPLES[0];
  const curlOne = [
    `curl -fsS -X POST ${host}${PULL_PATH} \\`,
    `  -H "${API_KEY_HEADER}: $SPROG_API_KEY" \\`,
    `  -H "content-type: application/json" \\`,
    `  -d '{"format":"json","placeholderFormat":"web","language":"de"}' \\`,
    `  -o de.json`,
  ].join("\n");
  const curlAll = [
    `curl -fsS -X POST ${host}${PULL_PATH} \\`,
    `  -H "${API_KEY_HEADER}: $SPROG_API_KEY" \\`,
    `  -H "content-type: application/json" \\`,
    `  -d '{"format":"android","placeholderFormat":"android"}' \\`,
    `  -o translations.zip`,
  ].join("\n");
  const response = [
    "HTTP/1.1 200 OK",
    `content-type: ${json?.contentType}`,
    `content-disposition: attachment; filename="${json?.fileName}"`,
    'etag: "Xk3v9QbT0w1mZ2pL8sR4aYcE6hU"',
    "cache-control: private, no-cache",
    "",
    json?.body ?? "",
  ].join("\n");
  const notModified = [
    `POST ${PULL_PATH} HTTP/1.1`,
    `${API_KEY_HEADER}: sprog_…`,
    "content-type: application/json",
    'if-none-match: "Xk3v9QbT0w1mZ2pL8sR4aYcE6hU"',
    "",
    '{"format":"json","placeholderFormat":"web","language":"de"}',
    "",
    "HTTP/1.1 304 Not Modified",
    'etag: "Xk3v9QbT0w1mZ2pL8sR4aYcE6hU"',
  ].join("\n");
  return (
    <>
      <DocSection id="overview" title="Overview">
        <P>
          The pull API lets a build, a deploy or a CI job fetch a project's translations as files, with a
          project API key instead of a person's session. It answers one language's file, or a zip of every
          language, in the format your app reads, with placeholders converted.
        </P>
        <List>
          <li>
            <Code>POST {PULL_PATH}</Code>
          </li>
          <li>
            <Code>POST {PULL_ALIAS_PATH}</Code>, the same endpoint at a second path
          </li>
        </List>
      </DocSection>

      <DocSection id="api-keys" title="Project API keys">
        <P>
          A key belongs to one project. Managing keys is for {rolesWith("projects.manageApiKeys")}, in{" "}
          <Ui>Project Settings → API Access</Ui> (the gear button in the Overview's toolbar):
        </P>
        <List ordered>
          <li>
            Give the key a name if you like (“CI”, or the agent's name: “Claude Code”), tick what it may do (
            <Ui>Pull</Ui>, <Ui>Push</Ui>, <Ui>Translate</Ui>, <Ui>Review</Ui>, <Ui>Release</Ui>,{" "}
            <Ui>Manage webhooks</Ui>; see <a href="#scopes">Key scopes</a>) and press <Ui>Create API key</Ui>.
          </li>
          <li>
            Copy the key now: it is shown once. It starts with <Code>{API_KEY_PREFIX}</Code>, so secret
            scanners recognise it. Sprog stores only a hash of it.
          </li>
          <li>Put it in your CI's secrets, e.g. as SPROG_API_KEY.</li>
        </List>
        <P>
          The list shows each key's first {API_KEY_VISIBLE_CHARS} characters, who created it, when, and when
          it was last used. <Ui>Revoke</Ui> (after a confirmation) stops it at once: the next pull with it
          gets 401. Deleting the project deletes its keys.
        </P>
      </DocSection>

      <DocSection id="request" title="Request">
        <DataTable
          caption="Request headers"
          columns={["Header", "Value"]}
          rows={[
            [
              <NameWithNote key="h" name={<Code>{API_KEY_HEADER}</Code>} note="Required" />,
              "The project API key",
            ],
            [
              <NameWithNote key="h" name={<Code>content-type</Code>} note="Optional" />,
              <>
                <Code>application/json</Code>. The body is read as JSON whatever it says, so{" "}
                <Code>curl -d</Code> works as it is.
              </>,
            ],
            [
              <NameWithNote key="h" name={<Code>if-none-match</Code>} note="Optional" />,
              "The ETag of an earlier answer: 304 while nothing changed",
            ],
          ]}
          columnClassNames={["w-40"]}
        />
        <DataTable
          caption="JSON body"
          columns={["Field", "Values"]}
          rows={[
            [<NameWithNote key="f" name={<Code>format</Code>} note="Required" />, PULL_FORMATS.join(", ")],
            [
              <NameWithNote key="f" name={<Code>placeholderFormat</Code>} note="Required" />,
              PULL_PLACEHOLDER_FORMATS.join(", "),
            ],
            [
              <NameWithNote key="f" name={<Code>language</Code>} note="Optional" />,
              "One of the project's language codes, e.g. de. Without it: every language, as a zip.",
            ],
            [
              <NameWithNote key="f" name={<Code>nested</Code>} note="Optional" />,
              "true: JSON with nested objects by the dots in keys. Default false: flat keys.",
            ],
            [
              <NameWithNote key="f" name={<Code>sortKeys</Code>} note="Optional" />,
              "true: keys by name. Default false: the order of the files they came from, keys added in Sprog last.",
            ],
            [
              <NameWithNote key="f" name={<Code>namespace</Code>} note="Optional" />,
              "One file of a language that has several (e.g. common). Without it: one language's file holds every key; the zip has a file per namespace.",
            ],
            [
              <NameWithNote key="f" name={<Code>includeUnverifiedAi</Code>} note="Optional" />,
              "Default true: AI output no person has checked yet is in the file. false: only text a person wrote, saved or approved.",
            ],
            [
              <NameWithNote key="f" name={<Code>includePseudo</Code>} note="Optional" />,
              "Default false: pseudo-localized text is left out. true: for testing layouts.",
            ],
          ]}
          columnClassNames={["w-40"]}
        />
        <P>
          The body may be at most {PULL_MAX_BODY_KB} KB. For which placeholder format suits which app, see{" "}
          <TopicLink to="placeholders">Placeholders</TopicLink>.
        </P>
      </DocSection>

      <DocSection id="response" title="Response">
        <P>
          With a <Code>language</Code>, the answer is that language's file itself, named in{" "}
          <Code>content-disposition</Code>. Without one, it is <Code>translations.zip</Code> (
          <Code>application/zip</Code>) with a file per language of the project. The bytes are those the
          Export dialog writes with the same options (Pretty on, Flatten plurals off): keys in the order of
          the files they came from, with their descriptions and the rest of what each format keeps, and
          strings nobody wrote left out.
        </P>
        <DataTable
          caption="What each format answers"
          columns={["format", "Answer"]}
          rowKeys={PULL_FORMATS}
          rows={PULL_FORMATS.map((format) => {
            const example = PULL_EXAMPLES.find((e) => e.format === format);
            return [
              <Code key="f">{format}</Code>,
              <span key="a" className="flex flex-col gap-2">
                <span className="flex flex-col items-start gap-1">
                  <span className="text-xs text-muted">With a language ({example?.contentType}):</span>
                  <Code>{`{language}.${PULL_FILE_EXTENSIONS[format]}`}</Code>
                </span>
                <span className="flex flex-col items-start gap-1">
                  <span className="text-xs text-muted">Without, in translations.zip:</span>
                  {ZIP_PATHS[format].split(", ").map((path) => (
                    // A .stringsdict path is wider than a phone's column: it may break.
                    <Code key={path} wrap>
                      {path}
                    </Code>
                  ))}
                </span>
              </span>,
            ];
          })}
          columnClassNames={["w-24"]}
        />
        <CodeBlock title={`Answer to {"format":"json","placeholderFormat":"web","language":"de"}`}>
          {response}
        </CodeBlock>
        <SubHeading>The same strings in the other formats</SubHeading>
        {PULL_EXAMPLES.slice(1).map((example) => (
          <CodeBlock
            key={example.format}
            title={`${example.fileName}: format ${example.format}, placeholderFormat ${example.placeholderFormat}`}
          >
            {example.body}
          </CodeBlock>
        ))}
      </DocSection>

      <DocSection id="etag" title="Polling cheaply: ETag and 304">
        <P>
          Every answer has an <Code>etag</Code> naming the state of the project's keys, strings and languages
          and the request. Send it back as <Code>if-none-match</Code>: while nothing changed, the answer is an
          empty <Code>304 Not Modified</Code>, which costs the server almost nothing. <Code>sprog pull</Code>{" "}
          does this for you, keeping the ETags in <Code>.sprog/etags.json</Code>.
        </P>
        <CodeBlock title="A repeated pull while nothing changed">{notModified}</CodeBlock>
      </DocSection>

      <DocSection id="errors" title="Errors and limits">
        <P>
          Errors have one shape, with a stable <Code>code</Code> and a message for people:
        </P>
        <CodeBlock title="Error body">
          {JSON.stringify({ error: { code: "unauthorized", message: "Invalid API key" } }, null, 2)}
        </CodeBlock>
        <DataTable
          caption="Pull API answers"
          columns={["Status", "When, with the message"]}
          rows={[
            ["200", "The file, or translations.zip"],
            ["304", "Nothing changed since the ETag in if-none-match; no body"],
            [
              <StatusCode key="s" status={400} code="validation_failed" />,
              <>
                A missing or wrong field, naming the allowed values: “{validationMessage({})}”, “
                {validationMessage({ format: "json", placeholderFormat: "lokalise" })}”; or a language the
                project does not have: “language must be one of the project's languages: en, de (got "fr")”
              </>,
            ],
            [<StatusCode key="s" status={400} code="bad_request" />, "“Malformed JSON in request body”"],
            [
              <StatusCode key="s" status={401} code="unauthorized" />,
              `No key: “Missing API key: send the project API key in the ${API_KEY_HEADER} header”. A wrong or revoked key: “Invalid API key”`,
            ],
            [
              <StatusCode key="s" status={413} code="payload_too_large" />,
              `A body over ${PULL_MAX_BODY_KB} KB`,
            ],
            [
              <StatusCode key="s" status={429} code="rate_limited" />,
              `More than ${SERVER_DEFAULTS.PULL_RATE_LIMIT_PER_MINUTE} requests a minute with one key. The retry-after header says how many seconds to wait`,
            ],
          ]}
          columnClassNames={["w-40"]}
        />
        <P>
          Whoever runs Sprog can change the limit with <Code>PULL_RATE_LIMIT_PER_MINUTE</Code>.
        </P>
      </DocSection>

      <DocSection id="curl" title="Examples with curl">
        <CodeBlock title="One language: the file itself">{curlOne}</CodeBlock>
        <CodeBlock title="Every language: translations.zip">{curlAll}</CodeBlock>
        <P>
          <Code>-f</Code> makes curl fail on an error status, so a CI step stops instead of saving an error as
          your translations.
        </P>
      </DocSection>

      <PushSection host={host} />

      <CliSection host={host} />

      <AgentsSection host={host} />

      <WebhooksSection />

      <ReleasesSection host={host} />

      <DocSection id="openapi" title="OpenAPI documents">
        <P>
          The public API (everything under <Code>/api/v1</Code>, with a project API key) is described as
          OpenAPI 3.1 at <Code>{PUBLIC_API_DOCUMENT_URL}</Code>, with the API key as its security scheme and
          the scope each endpoint needs: generate a client for your own scripts from it. The API the web app
          uses (a signed-in session) is described at <Code>/api/openapi.json</Code>. Both can be browsed at{" "}
          <Code>/api/docs</Code> on your Sprog.
        </P>
        <Callout>
          <P>
            Only the <Code>/api/v1/…</Code> routes (pull, push, status, keys, releases, the agents' tools),
            the MCP server at <Code>{MCP_PATH}</Code> and, with the <Code>webhooks:manage</Code> scope, a
            project's webhooks take a project API key. Everything else that reads or changes your data needs a
            signed-in session, and is checked against the same roles as the app (see{" "}
            <TopicLink to="collaboration">Team collaboration</TopicLink>
            ).
          </P>
        </Callout>
      </DocSection>
    </>
  );
}
