import { FORMAT_INFO } from "../../../../shared/formats/format-info.ts";
import { FormatList } from "../components/format-list.tsx";
import {
  Callout,
  Code,
  CodeBlock,
  DataTable,
  DocSection,
  List,
  OptionName,
  P,
  TopicLink,
  Ui,
} from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";
import { EXPORT_DEFAULTS, placeholderFormatRows } from "../reference-data.ts";

const onOff = (value: boolean) => (value ? "On" : "Off");

const ZIP_EXAMPLE = `translations-3f0c2a9e-….zip
├── values-en/strings.xml
├── values-de/strings.xml
└── values-pt-rBR/strings.xml`;

export function ExportTopic() {
  return (
    <>
      <DocSection id="how" title="Export translations">
        <List ordered>
          <li>
            In the Overview, with the project selected, press <Ui>Export</Ui>.
          </li>
          <li>Tick the languages to export (all of them to begin with), and pick a format and options.</li>
          <li>
            Press <Ui>Export</Ui>. The dialog shows <Ui>Gathering translations</Ui>, <Ui>Processing files</Ui>
            , <Ui>Creating ZIP file</Ui>, <Ui>Downloading</Ui> and <Ui>Complete</Ui>, and the browser saves{" "}
            <Code>translations-{"{projectId}"}.zip</Code>.
          </li>
        </List>
        <P>
          Exporting is open to {rolesWith("keys.manage")}, as importing is. A string nobody wrote is left out,
          so your app falls back to its default language for it, as it normally would; an empty string that
          came in with a file goes back out empty. Keys keep the order of the file they came from, with keys
          added in Sprog after them, and each file gets back what it carried next to its strings:
          descriptions, context, states and the rest (see{" "}
          <TopicLink to="export" hash="formats">
            Formats
          </TopicLink>
          ).
        </P>
        <P>
          An Android file always compiles: a key that is no Android resource name (<Code>Choose a time</Code>,
          from a JSON or XLIFF file) is written as one (<Code>Choose_a_time</Code>), and a string with several
          arguments not all numbered (<Code>%s and %s</Code>) is marked{" "}
          <Code>formatted=&quot;false&quot;</Code>. Export with Android placeholders to number them instead.
        </P>
        <CodeBlock title="Android XML export of a project in English, German and Brazilian Portuguese">
          {ZIP_EXAMPLE}
        </CodeBlock>
      </DocSection>

      <DocSection id="kept-files" title="Kept files">
        <P>
          Every file you import, and every file <Code>sprog push</Code> sends, is kept as the template of its
          exports: one per format and language (one per format for CSV and Excel, whose table holds every
          language). The next upload of that file takes its place.
        </P>
        <P>
          Exports and pulls in a file's format keep the file as it was: only strings changed in Sprog are
          written into it. Its order, comments, indentation and whatever else Sprog does not read stay, so a
          project nobody edited gives back the very bytes you uploaded, and your diffs show only what
          translators changed. With <Ui>Sort keys A–Z</Ui> the file is written from the project instead.
        </P>
        <List>
          <li>
            <Ui>Project Settings</Ui> → <Ui>Files</Ui> lists the kept files: name, language, format, who
            uploaded it, when, and its size. It is open to {rolesWith("keys.manage")}.
          </li>
          <li>
            <Ui>Download</Ui> gives the file exactly as it was uploaded.
          </li>
          <li>
            <Ui>Remove</Ui> forgets it, after you confirm: exports and pulls in its format are written from
            the project's strings again, as Sprog writes that format, until the file is imported again. The
            project's keys and strings stay as they are.
          </li>
        </List>
      </DocSection>

      <DocSection id="formats" title="Formats">
        <P>
          Every format Sprog reads it also writes. Each language gets its own file, except CSV and Excel,
          which hold every language in one table. The dialog starts with{" "}
          {FORMAT_INFO[EXPORT_DEFAULTS.format].label}.
        </P>
        <FormatList show="export" />
      </DocSection>

      <DocSection id="options" title="Options">
        <DataTable
          caption="Export options"
          columns={["Option", "What it does"]}
          rows={[
            [
              <OptionName
                key="o"
                name="Placeholders"
                defaultValue={
                  EXPORT_DEFAULTS.placeholderFormat === null
                    ? "Keep as written"
                    : EXPORT_DEFAULTS.placeholderFormat
                }
              />,
              <>
                Rewrite every placeholder into one format:{" "}
                {placeholderFormatRows().map((info, index) => (
                  <span key={info.label}>
                    {index > 0 ? ", " : null}
                    {info.label} <Code>{info.syntax}</Code>
                  </span>
                ))}
                . See{" "}
                <TopicLink to="placeholders" hash="conversion">
                  conversion
                </TopicLink>
                .
              </>,
            ],
            [
              <OptionName key="o" name="Pretty" defaultValue={onOff(EXPORT_DEFAULTS.pretty)} />,
              "Indented, readable files.",
            ],
            [
              <OptionName key="o" name="Flatten plurals" defaultValue={onOff(EXPORT_DEFAULTS.flatten)} />,
              <>
                Plurals as separate keys (<Code>items_one</Code>, <Code>items_other</Code>), as i18next reads
                them, instead of one ICU message.
              </>,
            ],
            [
              <OptionName key="o" name="Sort keys A–Z" defaultValue={onOff(EXPORT_DEFAULTS.sortKeys)} />,
              "Keys by name instead of the order of the files they came from.",
            ],
            [
              <OptionName
                key="o"
                name="AI translations not reviewed yet"
                defaultValue={onOff(EXPORT_DEFAULTS.includeUnverifiedAi)}
              />,
              "AI output no person has saved or approved. Off: only text a person wrote, saved or approved.",
            ],
            [
              <OptionName
                key="o"
                name="Pseudo-localized text"
                defaultValue={onOff(EXPORT_DEFAULTS.includePseudo)}
              />,
              "For testing layouts only. Off, those strings are left out and the app shows its default language there: pseudo text never ships unless you ask for it.",
            ],
            [
              <OptionName key="o" name="Nested JSON" defaultValue={onOff(EXPORT_DEFAULTS.nested)} />,
              <>
                JSON only: dots in keys become nested objects (<Code>home.title</Code> →{" "}
                <Code>{'{"home": {"title": …}}'}</Code>). Off: flat keys.
              </>,
            ],
          ]}
          columnClassNames={["w-[38%]"]}
        />
        <Callout>
          <P>
            For CI/CD, the <TopicLink to="api">pull API</TopicLink> gives the same files without a browser:
            one language as the file itself, or every language as <Code>translations.zip</Code>. With a{" "}
            <TopicLink to="api" hash="cli-config">
              sprog.config.json
            </TopicLink>{" "}
            in your repository, <Code>sprog pull</Code> writes each language's file where your app reads it
            (only the files that changed), and <Code>sprog push</Code> sends new source strings the other way.
          </P>
        </Callout>
      </DocSection>
    </>
  );
}
