import { API_KEY_PREFIX } from "../../../../shared/schemas/api-keys.ts";
import {
  Code,
  CodeBlock,
  DataTable,
  Definitions,
  DocSection,
  List,
  P,
  SubHeading,
  TopicLink,
} from "../components/prose.tsx";
import { ALL_COMMANDS, CLI_DEFAULT_PLACEHOLDERS, CLI_EXIT_CODES, CLI_OPTIONS } from "../reference-data.ts";
import { CLI_CHECK_EXAMPLE, CLI_CONFIG_EXAMPLES, CLI_STATUS_EXAMPLE } from "./api-examples.ts";

/** A key made at run time; joined so it is plainly not a template meant to be filled here. */
const DYNAMIC_KEY = ["t(`home.$", "{id}`)"].join("");

/** The CLI's commands, in the order of `sprog --help`. */
const COMMANDS = [
  {
    command: "sprog pull",
    meaning:
      "Writes every file of the config for every language of the project, only those whose content changed. The ETags are kept in .sprog/etags.json (add it to .gitignore): while nothing changed in Sprog, nothing is downloaded.",
  },
  {
    command: "sprog push [--dry-run] [--delete-missing] [--translations]",
    meaning:
      "Uploads each mapping's source-language file: new keys are added, changed source texts replace the project's, in one transaction per file with history. --translations also uploads the other languages' files (filling only missing translations unless --overwrite). --dry-run prints what would change.",
  },
  {
    command: "sprog status",
    meaning: "Prints per language: keys, translated, missing, unverified, approved.",
  },
  {
    command: 'sprog check --src "src/**/*.{ts,tsx}"',
    meaning:
      "Finds the keys your code uses and compares them with the project's: keys used but missing fail the run (exit 6), so it can guard a pull request; keys nobody uses are a warning.",
  },
  {
    command: "sprog release [--environment production] [--language en,de] [--only approved]",
    meaning:
      "Publishes an over-the-air release: a numbered snapshot of the translations that apps load without a rebuild, live in the environment at once. It prints the release's number and the manifest's address.",
  },
  {
    command:
      "sprog branch list | create <name> [--from <base>] | merge [<name>] [--take branch|base] | delete [<name>]",
    meaning:
      "Works on the project's branches, which hold only what changed on them: lists them with their changes, starts one, merges one into the branch it came from (refused with exit 8 while a string changed on both sides is unresolved, unless --take says which side wins), or deletes one (archived with its changes). merge and delete without a name take --branch or the config's branch.",
  },
] as const;

/** Section `cli` of the docs topic api: the config file and the sprog commands. */
export function CliSection({ host }: { host: string }) {
  const download = [
    `curl -fsSLO ${host}/cli/sprog.mjs`,
    `export SPROG_API_KEY=${API_KEY_PREFIX}…   # from your CI's secrets, never the config file`,
    "node sprog.mjs push --dry-run",
    "node sprog.mjs pull",
  ].join("\n");
  const workflow = `# .github/workflows/translations.yml
name: Translations
on:
  push: { branches: [main] }
  pull_request:
jobs:
  sync:
    runs-on: ubuntu-latest
    env:
      SPROG_API_KEY: \${{ secrets.SPROG_API_KEY }}   # a key with the push and pull scopes
    steps:
      - uses: actions/checkout@v4
      - run: curl -fsSLO ${host}/cli/sprog.mjs
      # a pull request fails while its code uses keys the project does not have
      - run: node sprog.mjs check
      - if: github.ref == 'refs/heads/main'
        run: node sprog.mjs push && node sprog.mjs pull`;

  return (
    <DocSection id="cli" title="The sprog CLI">
      <P>
        The <Code>sprog</Code> command keeps a repository and a project in step: it pushes new source strings,
        pulls translations, prints the project's status, checks the keys your code uses and publishes
        over-the-air releases. It is one JavaScript file for Node.js 20 or later, with no dependencies, and
        every Sprog server serves it at <Code>/cli/sprog.mjs</Code>. Inside a checkout of Sprog it is the
        package's <Code>sprog</Code> command. <Code>sprog --help</Code> and{" "}
        <Code>sprog &lt;command&gt; --help</Code> list the options.
      </P>
      <CodeBlock title="Download and run">{download}</CodeBlock>

      <SubHeading id="cli-config">The config file: sprog.config.json</SubHeading>
      <P>
        The commands read <Code>sprog.config.json</Code> in the current directory (or <Code>--config</Code>
        ): your Sprog's <Code>host</Code>, optionally the <Code>project</Code> (its id or name: the API key
        names the project, and when this is set every command first checks that they agree, so a wrong secret
        cannot push into another project), and where the translation files are, one mapping per pattern. Paths
        are relative to the config file.
      </P>
      <List>
        <li>
          <Code>{"{lang}"}</Code> is the language code (<Code>de</Code>, <Code>pt-BR</Code>);{" "}
          <Code>{"{android_lang}"}</Code> is Android's (<Code>de</Code>, <Code>pt-rBR</Code>), and the source
          language's file is in <Code>values/</Code> without a suffix.
        </li>
        <li>
          <Code>{"{namespace}"}</Code> is for apps with several files per language (
          <Code>{"locales/{lang}/{namespace}.json"}</Code>: <Code>common</Code>, <Code>auth</Code>): push
          sends each file with its namespace, and pull writes each namespace&apos;s file. A pattern without it
          against a project that keeps several files per language stops with a message rather than write one
          file over another.
        </li>
        <li>
          <Code>format</Code>: json, strings, stringsdict or android. <Code>source</Code> (default: the
          project's source language), <Code>placeholderFormat</Code> (default:{" "}
          {Object.entries(CLI_DEFAULT_PLACEHOLDERS)
            .map(([format, placeholders]) => `${placeholders} for ${format}`)
            .join(", ")}
          ), <Code>nested</Code> and <Code>sortKeys</Code> are optional.
        </li>
        <li>
          <Code>check.src</Code> (globs of your code), <Code>check.patterns</Code> (more regular expressions,
          each with one capture group: the key) and <Code>check.ignore</Code> (keys never reported unused).
        </li>
        <li>
          <Code>branch</Code>: the branch pull, push, status and check work on, a name (
          <Code>feature/checkout</Code>) or <Code>"git"</Code> for the current git branch of the working
          directory (read from <Code>.git/HEAD</Code>; when HEAD is detached, as in a pull request's CI
          checkout, from <Code>GITHUB_HEAD_REF</Code>, <Code>GITHUB_REF_NAME</Code>,{" "}
          <Code>CI_COMMIT_REF_NAME</Code> or <Code>BITBUCKET_BRANCH</Code>). The git branches main and master
          are Sprog&apos;s main; <Code>mainBranch</Code> names another. <Code>--branch</Code> wins over it.
        </li>
        <li>
          The API key is never in the file, which you commit: it comes from the environment variable{" "}
          <Code>SPROG_API_KEY</Code>, and a key found in the file is an error. <Code>SPROG_HOST</Code> or{" "}
          <Code>--host</Code> override the host.
        </li>
      </List>
      {CLI_CONFIG_EXAMPLES.map((example) => (
        <CodeBlock key={example.title} title={example.title}>
          {JSON.stringify(example.config, null, 2)}
        </CodeBlock>
      ))}
      <P>
        The file is checked against the JSON Schema the package ships,{" "}
        <Code>schemas/sprog.config.schema.json</Code> (point <Code>$schema</Code> at it and your editor
        completes the fields). A mistake stops the command with exit code 7 and a message naming the line and
        the field, e.g.{" "}
        <Code wrap>
          sprog.config.json line 4: files[0].format must be one of json, strings, stringsdict, android (got
          "xml")
        </Code>
        .
      </P>

      <SubHeading id="cli-commands">Commands</SubHeading>
      <Definitions
        label="sprog commands"
        items={COMMANDS.map((c) => ({
          id: c.command,
          term: <Code wrap>{c.command}</Code>,
          meaning: c.meaning,
        }))}
      />
      <P>
        Push needs a key with the <Code>push</Code> scope, release the <Code>release</Code> scope (see{" "}
        <a href="#releases-publish">Publishing a release</a>); the others need <Code>pull</Code> (see{" "}
        <TopicLink to="api" hash="api-keys">
          Project API keys
        </TopicLink>
        ). A key without the scope stops the command with the server's message and exit code 3. Each file
        transferred prints a progress line, and nothing is coloured, so a CI log reads as it is.
      </P>
      <CodeBlock title="sprog status">{CLI_STATUS_EXAMPLE}</CodeBlock>
      <P>
        <Code>sprog check</Code> knows i18next <Code>t('…')</Code> and <Code>i18nKey="…"</Code>, react-intl{" "}
        <Code>{'<FormattedMessage id="…">'}</Code> and <Code>id: '…'</Code> (in files that use react-intl),
        vue-i18n <Code>$t('…')</Code>, Android <Code>R.string.name</Code> and <Code>@string/name</Code>, and
        iOS <Code>NSLocalizedString("…")</Code> and <Code>String(localized: "…")</Code>. Keys built at run
        time (<Code>{DYNAMIC_KEY}</Code>) cannot be checked and are left out. Globs know <Code>**</Code>,{" "}
        <Code>*</Code>, <Code>?</Code> and <Code>{"{a,b}"}</Code>, and skip node_modules.
      </P>
      <CodeBlock title="sprog check, a key missing (exit 6)">{CLI_CHECK_EXAMPLE}</CodeBlock>

      <SubHeading id="cli-options">Options</SubHeading>
      <Definitions
        label="sprog options"
        items={CLI_OPTIONS.map((o) => ({
          id: o.option,
          term: <Code>{o.option}</Code>,
          meaning: `${o.commands.length === ALL_COMMANDS.length ? "Every command" : o.commands.map((c) => `sprog ${c}`).join(", ")}. ${o.meaning}`,
        }))}
      />
      <P>
        <Code>sprog pull --format …</Code> still pulls one file (or a zip) without a config, as before the
        config file existed:{" "}
        <Code wrap>node sprog.mjs pull --format json --language de --out src/locales/de.json</Code>.
      </P>

      <SubHeading id="cli-exit-codes">Exit codes</SubHeading>
      <DataTable
        caption="sprog exit codes"
        columns={["Code", "Meaning"]}
        rowKeys={CLI_EXIT_CODES.map((e) => String(e.code))}
        rows={CLI_EXIT_CODES.map((e) => [String(e.code), e.meaning])}
        columnClassNames={["w-16"]}
      />
      <CodeBlock title="In GitHub Actions">{workflow}</CodeBlock>
    </DocSection>
  );
}
