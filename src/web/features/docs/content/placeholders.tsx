import { fixPlaceholders } from "../../../../shared/placeholders/check.ts";
import { convertPlaceholders } from "../../../../shared/placeholders/convert.ts";
import { runChecks } from "../../../../shared/quality/checks.ts";
import { PULL_PLACEHOLDER_FORMATS } from "../../../../shared/schemas/pull.ts";
import {
  Callout,
  Code,
  DataTable,
  DocSection,
  List,
  P,
  SubHeading,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { placeholderFormatRows } from "../reference-data.ts";
import { QualityChecksSection } from "./quality-checks-section.tsx";

/** The examples below are computed by the same placeholder engine the server uses. */
export const CONVERT_EXAMPLE = {
  source: "Hello {name}, you have {count, number} new messages",
  translation: "{count, number} neue Nachrichten für {name}",
} as const;
export const FIX_EXAMPLE = {
  source: "Hello {name}, you have {count} messages",
  translation: "Hallo, du hast %{count} Nachrichten {extra}",
} as const;

const RECOGNISED: readonly [string, readonly string[]][] = [
  [
    "ICU / web",
    [
      "{name}",
      "{name, number}",
      "{name, date}",
      "{name, time}",
      "{n, plural, one {…} other {…}}",
      "{g, select, …}",
    ],
  ],
  ["Unified", ["[name]", "[name:type]", "[count:number]"]],
  ["printf (iOS, C)", ["%@", "%d", "%i", "%f", "%.2f", "%lld", "%1$@", "%2$d"]],
  ["Android / Java", ["%1$s", "%2$d", "%s"]],
  ["Lokalise", ["[%name$s]", "[%1$s]"]],
  ["i18next", ["{{name}}", "{{- name}}"]],
  ["Rails", ["%{name}", "%<name>s"]],
  ["Python", ["%(name)s"]],
  ["Symfony", ["%name%"]],
  ["stringsdict", ["%#@name@"]],
];

export function PlaceholdersTopic() {
  const rows = placeholderFormatRows();
  // The words the cell shows, from the same checks the editor runs.
  const placeholderMessage = runChecks({
    source: FIX_EXAMPLE.source,
    value: FIX_EXAMPLE.translation,
    sourceLanguage: "en",
    language: "de",
  }).find((finding) => finding.id === "placeholders")?.message;
  const fixed = fixPlaceholders(FIX_EXAMPLE.source, FIX_EXAMPLE.translation);
  return (
    <>
      <DocSection id="what" title="What placeholders are">
        <P>
          A placeholder is the part of a string your app fills in when it runs: a name, a number, a date. A
          translation has to keep every placeholder of the source, or the app shows the wrong value, a raw{" "}
          <Code>{"{name}"}</Code>, or crashes. Sprog recognises the placeholders of every common format,
          checks translations against the source, and converts between formats when you export.
        </P>
      </DocSection>

      <DocSection id="formats" title="The five placeholder formats">
        <P>
          Exports convert placeholders into one of these formats. The last column is the same source string in
          each of them, converted by Sprog:
        </P>
        <DataTable
          caption="Placeholder formats"
          columns={["Format", "Example"]}
          rowKeys={rows.map((row) => row.id)}
          rows={rows.map((row) => [
            <span key="format" className="flex flex-col gap-1">
              <span>
                {row.label} <Code>{row.syntax}</Code>
              </span>
              <span className="text-xs font-normal text-muted">
                <Code>{row.id}</Code> · {row.usedBy}
              </span>
            </span>,
            <Code key="example" wrap>
              {convertPlaceholders(CONVERT_EXAMPLE.source, row.id)}
            </Code>,
          ])}
          columnClassNames={["w-[45%] min-w-36", undefined]}
        />
        <SubHeading>Everything Sprog recognises</SubHeading>
        <P>When checking and converting, Sprog reads all of these, even mixed in one string:</P>
        <DataTable
          caption="Recognised placeholder syntax"
          columns={["Family", "Examples"]}
          rowKeys={RECOGNISED.map(([family]) => family)}
          rows={RECOGNISED.map(([family, examples]) => [
            family,
            <span key="examples" className="flex flex-wrap gap-1.5">
              {examples.map((example) => (
                <Code key={example} wrap>
                  {example}
                </Code>
              ))}
            </span>,
          ])}
          columnClassNames={["w-36"]}
        />
      </DocSection>

      <DocSection id="checks" title="How translations are checked">
        <P>
          A translation is flagged when its set of placeholders differs from the source's. The check compares
          what a placeholder means, not how it is written:
        </P>
        <List>
          <li>
            Named placeholders match by name, whatever the syntax: <Code>{"{count}"}</Code>,{" "}
            <Code>[count]</Code>, <Code>{"%{count}"}</Code> and <Code>{"{{count}}"}</Code> are the same.
          </li>
          <li>
            printf placeholders match by position and kind of value: <Code>%@</Code> (the first),{" "}
            <Code>%1$@</Code> and <Code>%1$s</Code> are the same, but <Code>%1$d</Code> is a number and is
            not.
          </li>
          <li>
            Order and repetition do not matter: a language may need the words the other way round. A plural
            block counts as its own placeholder, so dropping the plural is flagged.
          </li>
        </List>
        <P>
          In the Overview, a translated cell whose placeholders differ shows <Ui>Placeholders differ</Ui> with
          what is missing and what is not in the source (the first of the{" "}
          <a href="#quality-checks" className="underline">
            quality checks
          </a>
          ). Empty cells are not flagged: they are simply missing. AI answers are checked the same way before
          they are saved (see <TopicLink to="ai-translate">AI translation</TopicLink>).
        </P>
        <SubHeading id="fix">Fix placeholders</SubHeading>
        <P>
          <Ui>Fix placeholders</Ui> on a flagged cell rewrites the translation so its placeholders match the
          source, and saves it like any edit (the old value stays in the history):
        </P>
        <List ordered>
          <li>placeholders the source also has, written another way, take the source's syntax;</li>
          <li>placeholders the source does not have are removed;</li>
          <li>placeholders still missing are added at the end, so you can move them where they belong.</li>
        </List>
        <DataTable
          caption="Fix placeholders, computed by Sprog"
          columns={["Step", "Text"]}
          rows={[
            [
              "Source",
              <Code key="t" wrap>
                {FIX_EXAMPLE.source}
              </Code>,
            ],
            [
              "Translation",
              <span key="t" className="flex flex-col items-start gap-1">
                <Code wrap>{FIX_EXAMPLE.translation}</Code>
                <span className="text-xs text-muted">{placeholderMessage}</span>
              </span>,
            ],
            [
              "Fixed",
              <Code key="t" wrap>
                {fixed}
              </Code>,
            ],
          ]}
          columnClassNames={["w-28"]}
        />
      </DocSection>

      <QualityChecksSection />

      <DocSection id="conversion" title="Conversion on export">
        <P>
          The <TopicLink to="export">export</TopicLink> dialog converts every placeholder into the format you
          pick, or keeps them as written. The <TopicLink to="api">pull API</TopicLink> always converts, into{" "}
          {PULL_PLACEHOLDER_FORMATS.join(", ")}. Stored strings are never changed.
        </P>
        <List>
          <li>
            A translation is numbered by the source's order, so reordered words keep the right arguments.
          </li>
          <li>
            Named to positional: positions follow the order in the source. Positional to named:{" "}
            <Code>%2$s</Code> becomes <Code>{"{arg2}"}</Code>, and back again.
          </li>
          <li>
            iOS uses the short <Code>%@</Code> only for a string with one argument, and <Code>%1$@</Code>,{" "}
            <Code>%2$lld</Code> as soon as there are more. Numbers become <Code>%lld</Code> on iOS and{" "}
            <Code>%d</Code> on Android.
          </li>
          <li>
            For iOS and Android a literal percent sign is written <Code>%%</Code>, as those platforms need.
          </li>
          <li>
            A text already written the target platform's way is left exactly as it is: <Code>%d</Code> stays{" "}
            <Code>%d</Code> on Android, <Code>%1$@</Code> stays <Code>%1$@</Code> on iOS (a translation that
            reorders arguments needs its positions), and its percent signs are not touched.
          </li>
          <li>
            ICU plural and select blocks keep their structure; only the placeholders inside them are
            converted. Formats with their own plurals get native plural forms: Android{" "}
            <Code>{"<plurals>"}</Code>, .stringsdict, gettext, and i18next keys with <Ui>Flatten plurals</Ui>.
          </li>
        </List>
        <DataTable
          caption="A German translation converted, numbered by the English source"
          columns={["String", "Text"]}
          rows={[
            [
              "Source (en)",
              <Code key="t" wrap>
                {CONVERT_EXAMPLE.source}
              </Code>,
            ],
            [
              "German (de)",
              <Code key="t" wrap>
                {CONVERT_EXAMPLE.translation}
              </Code>,
            ],
            ...(["android", "ios"] as const).map((format) => [
              `${format === "ios" ? "iOS" : "Android"} export`,
              <Code key="t" wrap>
                {convertPlaceholders(CONVERT_EXAMPLE.translation, format, {
                  reference: CONVERT_EXAMPLE.source,
                })}
              </Code>,
            ]),
          ]}
          columnClassNames={["w-28"]}
        />
        <Callout>
          <P>
            <Ui>Project Settings → General</Ui> also has a placeholder format (web for a new project). It
            records how your project writes placeholders; it does not change files by itself, because each
            export and pull names the format it wants.
          </P>
        </Callout>
      </DocSection>
    </>
  );
}
