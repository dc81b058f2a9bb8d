import { v1Contract } from "../../../../shared/contract/v1.ts";
import { API_KEY_HEADER, PULL_PLACEHOLDER_FORMATS } from "../../../../shared/schemas/pull.ts";
import {
  BRANCH_DEFAULT_ENVIRONMENT,
  DEFAULT_ENVIRONMENT,
  MANIFEST_MAX_AGE_SECONDS,
  OTA_PREFIX,
  RELEASE_FILE_CACHE_CONTROL,
  RELEASE_STRING_FILTERS,
  type ReleaseStringFilter,
} from "../../../../shared/schemas/releases.ts";
import {
  Code,
  CodeBlock,
  DataTable,
  DocSection,
  List,
  OptionName,
  P,
  SubHeading,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";
import { PULL_EXAMPLES } from "./api-examples.ts";
import { InContextDocs } from "./in-context-docs.tsx";
import {
  EXAMPLE_MANIFEST,
  fileResponse,
  i18nextSetup,
  MANIFEST_RESPONSE,
  NGINX_OTA_CACHE,
  RELEASE_SERVER_FACTS,
  releaseCliOutput,
  releaseWorkflow,
  SDK_BACKEND_OPTIONS,
  SDK_FACTS,
  SDK_INSTALL_COMMAND,
  SDK_STORAGE_KEYS,
} from "./release-reference.ts";

/** The section's anchor: the Releases tab links to `/docs/api#releases`. */
export const RELEASES_DOCS_SECTION = "releases";

export const RELEASE_API_PATH = `/api${v1Contract.release["~orpc"].route.path}`;

/** The Publish dialog's choice of strings, and what `only` leaves out. */
const STRING_FILTERS: Record<ReleaseStringFilter, { label: string; meaning: string }> = {
  all: {
    label: "All strings",
    meaning:
      "Every string the pull API gives: AI output no person has checked yet included, pseudo text never.",
  },
  approved: {
    label: "Only approved strings",
    meaning:
      "Only translations approved in a review: what the Overview's Approved filter shows. Unreviewed or “needs changes” ones are left out.",
  },
  passing_checks: {
    label: "Only strings without failing checks",
    meaning:
      "Only translations without a failing quality check (of the checks the project has on): what the Overview's quality filter does not list.",
  },
};

/** The body of `POST /api/v1/releases` (`publishReleaseKeyBodySchema`), in its order. */
export const PUBLISH_FIELDS: readonly [string, string][] = [
  [
    "environment",
    `The environment whose manifest names the release at once. Default: ${DEFAULT_ENVIRONMENT} (${BRANCH_DEFAULT_ENVIRONMENT} for a branch's release).`,
  ],
  ["languages", 'Language codes, e.g. ["en", "de"]. Default: every language of the project.'],
  ["only", `${RELEASE_STRING_FILTERS.join(", ")}. Default: all. The source language is always whole.`],
  ["placeholderFormat", `${PULL_PLACEHOLDER_FORMATS.join(", ")}. Default: web.`],
  [
    "branch",
    `A branch's name: the release carries that branch's strings, for a test app. Never to ${DEFAULT_ENVIRONMENT} (400); a branch the project does not have is a 404. Default: main.`,
  ],
];

/**
 * Section `releases` of the docs topic api (issue 37): over-the-air releases, the i18next SDK that
 * loads them, in-context editing, and a CDN in front of them.
 */
export function ReleasesSection({ host }: { host: string }) {
  const german = PULL_EXAMPLES[0]?.body ?? "{}";
  const curl = [
    `curl -fsS -X POST ${host}${RELEASE_API_PATH} \\`,
    `  -H "${API_KEY_HEADER}: $SPROG_API_KEY" \\`,
    `  -H "content-type: application/json" \\`,
    `  -d '{"environment":"staging","only":"approved"}'`,
  ].join("\n");
  return (
    <DocSection id={RELEASES_DOCS_SECTION} title="Releases and in-context editing">
      <P>
        A release ships your translations to apps that are already out, without a new build or a store update:
        the app asks Sprog (or a CDN in front of it) for the current release when it starts and while it runs.
        With the same SDK, your team edits texts in the running app and sees them in place.
      </P>

      <SubHeading id="releases-what">What a release is</SubHeading>
      <List>
        <li>
          A numbered snapshot of the project's translations, taken at one moment. It never changes once
          published: fixing a text means publishing the next release.
        </li>
        <li>
          One file per language: the pull API's JSON with <Code>placeholderFormat</Code> of your choice (flat
          keys, ICU plurals, every namespace's keys in one file). Strings nobody wrote are left out, so the
          app falls back for them (i18next's <Code>fallbackLng</Code>).
        </li>
        <li>
          Each file's address names its content (
          <Code wrap>{`${OTA_PREFIX}/{distributionId}/files/{hash}.json`}</Code>, the hash being the start of
          the SHA-256 of its bytes), so it can be cached for good:{" "}
          <Code wrap>Cache-Control: {RELEASE_FILE_CACHE_CONTROL}</Code>. A language that did not change keeps
          its address from one release to the next, and apps do not download it again.
        </li>
        <li>
          Each environment (<Code>{DEFAULT_ENVIRONMENT}</Code>, <Code>staging</Code>, a name of your own:
          lowercase letters, digits and dashes) has a manifest naming its current release:{" "}
          <Code wrap>{`GET ${OTA_PREFIX}/{distributionId}/{environment}/manifest.json`}</Code>, with{" "}
          <Code wrap>Cache-Control: public, max-age={MANIFEST_MAX_AGE_SECONDS}</Code> and an <Code>ETag</Code>{" "}
          (<Code>If-None-Match</Code> gets an empty 304 while it is current). A cache (a CDN, the browser) may
          keep an older manifest for up to {MANIFEST_MAX_AGE_SECONDS} seconds.
        </li>
        <li>
          The distribution id is the project's public name for apps (32 hex digits, shown on the Releases
          tab). It can only read releases, so it is safe in the app's code: no API key goes into an app.
          Manifests and files answer any origin (CORS <Code>*</Code>), without cookies. Before the first
          release of an environment its manifest answers 404.
        </li>
      </List>
      <DataTable
        caption="The manifest's fields"
        columns={["Field", "Meaning"]}
        rows={[
          [<Code key="f">release</Code>, "The release's number"],
          [<Code key="f">environment</Code>, "The environment, as in the address"],
          [
            <Code key="f">branch</Code>,
            <>
              Whose strings it carries: <Code>main</Code>, or the branch the release was made from
            </>,
          ],
          [<Code key="f">createdAt</Code>, "When the release was published (ISO 8601)"],
          [<Code key="f">placeholderFormat</Code>, "The placeholders of its files"],
          [
            <Code key="f">files</Code>,
            <>
              Language → its file's path, relative to <Code wrap>{`${OTA_PREFIX}/{distributionId}/`}</Code>
            </>,
          ],
        ]}
        rowKeys={Object.keys(EXAMPLE_MANIFEST)}
        columnClassNames={["w-40"]}
      />
      <CodeBlock title="An environment's manifest">{MANIFEST_RESPONSE}</CodeBlock>
      <CodeBlock title="A language's file: the pull API's JSON">{fileResponse(german)}</CodeBlock>

      <SubHeading id="releases-publish">Publishing a release</SubHeading>
      <P>Each way makes the next numbered release and points the environment's manifest at it at once.</P>
      <List ordered>
        <li>
          <Ui>Publish release</Ui> on the project's <Ui>Releases</Ui> tab ({rolesWith("releases.publish")}
          ): choose the environment, the languages, which strings and the placeholder format.
        </li>
        <li>
          <Code>sprog release</Code> from CI, with a project API key that has the <Code>release</Code> scope (
          <a href="#scopes">Key scopes</a>). It reads the host from <Code>sprog.config.json</Code> like the
          other commands (see <a href="#cli">The sprog CLI</a>), and takes <Code>--environment</Code>,{" "}
          <Code>--language en,de</Code>, <Code>--only</Code>, <Code>--placeholder-format</Code> and{" "}
          <Code>--branch</Code>. A coding agent with such a key publishes with the MCP tool{" "}
          <Code>publish_release</Code>.
        </li>
        <li>
          When a review is completed: on the Releases tab, turn on{" "}
          <Ui>Publish a release when a review is completed</Ui> and name the <Ui>Environment for reviews</Ui>.
          Completing a review then publishes a release of every language, all strings, web placeholders, to
          that environment, in the name of whoever completed it. If that release fails, the review is
          completed all the same.
        </li>
      </List>
      <CodeBlock title="sprog release">{releaseCliOutput(host)}</CodeBlock>
      <CodeBlock title="In GitHub Actions, after each merge to main">{releaseWorkflow(host)}</CodeBlock>
      <P>
        <Code>sprog release</Code> calls <Code>POST {RELEASE_API_PATH}</Code>, which any script may call with
        a <Code>release</Code> key. It answers 201 with the release's number, environment, languages, keys,
        keys changed since the release before, and the manifest's path; a language the project does not have
        is a 400 naming it.
      </P>
      <DataTable
        caption={`POST ${RELEASE_API_PATH}: JSON body, every field optional`}
        columns={["Field", "Values"]}
        rows={PUBLISH_FIELDS.map(([field, meaning]) => [<Code key={field}>{field}</Code>, meaning])}
        rowKeys={PUBLISH_FIELDS.map(([field]) => field)}
        columnClassNames={["w-40"]}
      />
      <CodeBlock title="With curl">{curl}</CodeBlock>

      <SubHeading id="releases-branches">A release from a branch, for staging</SubHeading>
      <P>
        A release can carry a branch's strings instead of main's, so a test build of the feature shows its new
        texts before the pull request merges. Pick the branch in the Releases tab's header and{" "}
        <Ui>Publish release from …</Ui>, or run <Code>sprog release --branch feature/checkout</Code> (only the
        flag names it: the config's <Code>"branch"</Code> is not read, so a release job never ships a branch
        by accident). Its environment defaults to <Code>{BRANCH_DEFAULT_ENVIRONMENT}</Code>, and it never goes
        to <Code>{DEFAULT_ENVIRONMENT}</Code>, which the apps people use read: neither published there nor
        made live there later (400 “A release of the branch … cannot go to production”). Any other environment
        name is fine. The Releases tab lists every release with the branch it came from (kept after the branch
        is deleted); a release of main counts its keys changed against main's release before, a branch's
        against its own before (its first: main's newest).
      </P>

      <SubHeading id="releases-strings">Only approved, or only without failing checks</SubHeading>
      <DataTable
        caption="Which strings a release carries"
        columns={["only", "Carries"]}
        rows={RELEASE_STRING_FILTERS.map((filter) => [
          <Code key={filter}>{filter}</Code>,
          <span key="c" className="flex flex-col gap-1">
            <Ui>{STRING_FILTERS[filter].label}</Ui>
            <span>{STRING_FILTERS[filter].meaning}</span>
          </span>,
        ])}
        rowKeys={[...RELEASE_STRING_FILTERS]}
        columnClassNames={["w-36"]}
      />
      <P>
        The source language is always whole: the filters apply to the other languages. A string left out is
        missing from its language's file, so i18next shows that key's text in <Code>fallbackLng</Code> (the
        source language, which is always whole) rather than an unapproved one. Approvals are given in{" "}
        <TopicLink to="reviews">reviews</TopicLink>; the checks are those of{" "}
        <TopicLink to="placeholders">Placeholders and quality checks</TopicLink>.
      </P>

      <SubHeading id="releases-rollback">Rolling back and promoting</SubHeading>
      <P>
        On the Releases tab, each release's <Ui>Make live</Ui> points an environment's manifest at it:{" "}
        <Ui>Roll back production to this</Ui> for an older release, <Ui>Make live in staging</Ui> to promote
        one, or <Ui>Another environment…</Ui> by name. Nothing is rebuilt and no new release is made: the
        manifest names the chosen release, and apps load it at their next check. Production is asked about
        first, saying which release the apps will get instead of which. The newer release stays, and can be
        made live again from its row. Only owners and admins see <Ui>Make live</Ui>.
      </P>

      <SubHeading id="releases-downloads">Downloads</SubHeading>
      <P>
        Each release shows its downloads per day for the last {RELEASE_SERVER_FACTS.downloadDays} days: the
        language files this Sprog served, counted when it serves one and added up every{" "}
        {RELEASE_SERVER_FACTS.downloadFlushSeconds} seconds. Only what reaches this server counts: with a CDN
        in front, the CDN answers most requests and the count shows its misses; a file an app already holds is
        not asked for again. Read it as a sign of apps picking a release up, not as a user count.
      </P>

      <SubHeading id="releases-sdk">Load releases in your app: {SDK_FACTS.packageName}</SubHeading>
      <P>
        The SDK is an i18next backend (<Code>SprogBackend</Code>) and in-context editing (
        <Code>sprogInContext</Code>). Sprog's files are ICU messages (<Code>{"{name}"}</Code>,{" "}
        <Code wrap>{"{count, plural, one {# item} other {# items}}"}</Code>), which <Code>i18next-icu</Code>{" "}
        renders as they are. i18next 23 or later is a peer dependency. The main entry is under{" "}
        {SDK_FACTS.mainEntryBudgetKb} KB gzipped; the editor is a separate chunk, loaded only when editing
        starts.
      </P>
      <CodeBlock title="Install">{SDK_INSTALL_COMMAND}</CodeBlock>
      <P>
        npm installs <Code>intl-messageformat</Code>, i18next-icu's peer, in the range it accepts. Until{" "}
        {SDK_FACTS.packageName} is on npm, build it from Sprog's repository (<Code>npm run build:sdk</Code>,
        then <Code>npm pack ./packages/i18next</Code>) and install the <Code>.tgz</Code> it writes.
      </P>
      <CodeBlock title="i18n.ts">{i18nextSetup(host)}</CodeBlock>
      <P>
        The Releases tab's <Ui>Use it in your app</Ui> shows a set-up like this one with your distribution id
        and project filled in.
      </P>
      <DataTable
        caption="SprogBackend options (backend: in i18next's init)"
        columns={["Option", "What it does"]}
        rows={SDK_BACKEND_OPTIONS.map((option) => [
          <OptionName key={option.name} name={option.name} defaultValue={option.defaultValue} />,
          option.meaning,
        ])}
        rowKeys={SDK_BACKEND_OPTIONS.map((option) => option.name)}
        columnClassNames={["w-36"]}
      />
      <List>
        <li>
          <Ui>At start</Ui> it reads the environment's manifest (with the cached one's ETag, so an unchanged
          release costs an empty 304), then the file of each language i18next loads. A file already in the
          cache is used without any request: its address names its bytes.
        </li>
        <li>
          <Ui>Offline or unreachable</Ui> (an error, a 5xx, the time limit): the cached release; for a file,
          the language's last cached file, then <Code>bundled</Code>. With none of them, i18next gets the
          error and uses <Code>fallbackLng</Code>. A language the release lacks gets <Code>bundled</Code>.
          Ship the files you pulled at build time as <Code>bundled</Code>, and the app always has texts.
        </li>
        <li>
          <Ui>The cache</Ui> is <Code>localStorage</Code> (or <Code>storage</Code>): the manifest with its
          ETag under <Code wrap>{SDK_STORAGE_KEYS.manifest}</Code>, and each language's newest file under{" "}
          <Code wrap>{SDK_STORAGE_KEYS.file}</Code>, so old releases do not pile up. A full or blocked storage
          only costs the cache.
        </li>
        <li>
          <Ui>While the app runs</Ui> it asks for the manifest again every <Code>checkEveryMinutes</Code>{" "}
          (default {SDK_FACTS.checkEveryMinutes}), and when the page is shown again after that long. A new
          release's changed files are put into i18next, i18next-icu's message cache is cleared and{" "}
          <Code>languageChanged</Code> is emitted with the same language, so react-i18next renders the new
          texts. <Code wrap>i18next.services.backendConnector.backend.check()</Code> looks at once,{" "}
          <Code>.stop()</Code> stops the checks.
        </li>
        <li>
          <Ui>Namespaces</Ui>: a release has one file per language with every key. The default namespace (
          <Code>defaultNS</Code>, usually <Code>translation</Code>) gets the whole file. Another namespace{" "}
          <Code>ns</Code> gets the keys written <Code>ns:key</Code>, without the prefix, or the whole file
          when there are none: name keys <Code>common:ok</Code> in Sprog to give them to <Code>common</Code>.
        </li>
      </List>

      <InContextDocs />
      <SubHeading id="releases-cdn">Put a CDN in front</SubHeading>
      <P>
        Everything an app reads is under <Code>{OTA_PREFIX}/</Code>, public and cacheable by any shared cache:
        files for a year, manifests for {MANIFEST_MAX_AGE_SECONDS} seconds. Put a CDN or a caching proxy in
        front of that path alone, with this Sprog as its origin, let it keep Sprog's{" "}
        <Code>Cache-Control</Code>, and give its address as the backend's <Code>url</Code>. In-context
        editing's <Code>url</Code> stays the Sprog server. With nginx on a host of your own:
      </P>
      <CodeBlock title="nginx in front of /ota/">{NGINX_OTA_CACHE}</CodeBlock>
      <P>
        With a CDN's pull zone it is the same: origin <Code>{host}</Code>, path <Code>{OTA_PREFIX}/*</Code>,
        the origin's cache headers respected (most do by default). Publishing or rolling back needs no purge:
        a manifest expires within {MANIFEST_MAX_AGE_SECONDS} seconds, and files never change.
      </P>
    </DocSection>
  );
}
