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
import { IMPORT_DEFAULTS, importExtensions, rolesWith, SERVER_DEFAULTS } from "../reference-data.ts";

const onOff = (value: boolean) => (value ? "On" : "Off");

const CSV_EXAMPLE = `key,en,de,comment
checkout.title,Checkout,Kasse,Screen title
greeting,"Hello {name}!","Hallo {name}!",`;

export function ImportTopic() {
  return (
    <>
      <DocSection id="how" title="Import a file">
        <List ordered>
          <li>
            In the Overview, with the project selected, press <Ui>Import</Ui>.
          </li>
          <li>
            Choose the file. Sprog tells the format from the file ending and guesses the language from the
            name.
          </li>
          <li>Check the language of the file, and the options.</li>
          <li>
            Press <Ui>Import</Ui>. A progress bar runs while the file is uploaded and written; the dialog
            closes a second after it is done, with a notice of what was added.
          </li>
        </List>
        <P>
          Importing is for {rolesWith("keys.manage")}, like adding keys. It creates the keys the file has and
          the project lacks, fills in strings, and adds the file's languages to the project.
        </P>
      </DocSection>

      <DocSection id="formats" title="Formats and file endings">
        <P>
          Sprog reads {importExtensions().length} file endings: {importExtensions().join(", ")}. Plurals are
          read from every format that has them and stored as one ICU plural message per key.
        </P>
        <FormatList show="import" />
        <CodeBlock title="A CSV file Sprog reads: one column per language code">{CSV_EXAMPLE}</CodeBlock>
      </DocSection>

      <DocSection id="language" title="Which language the file holds">
        <P>
          Most files hold one language, and their names say which: Sprog looks at the file name first (
          <Code>de.json</Code>, <Code>messages.de.json</Code>, <Code>app_pt_BR.arb</Code>,{" "}
          <Code>en-US.yml</Code>), then at the folders of a path (<Code>values-de</Code>,{" "}
          <Code>de.lproj</Code>, <Code>de/LC_MESSAGES</Code>, <Code>locales/de</Code>).
        </P>
        <List>
          <li>
            The project's own languages win: <Code>en-US.json</Code> in a project with English is English, not
            a new regional language.
          </li>
          <li>
            When the name does not say, the dialog asks you to choose; it never picks one silently. Choosing a
            language the project does not have yet adds it.
          </li>
          <li>
            Some formats say it themselves: a CSV or Excel column per language code, XLIFF's source and target
            languages, an ARB file's <Code>@@locale</Code>, a Rails YAML file's root key. XLIFF and PO files
            also carry the source text, so they fill the source language too.
          </li>
        </List>
      </DocSection>

      <DocSection id="options" title="Options">
        <DataTable
          caption="Import options"
          columns={["Option", "What it does"]}
          rows={[
            [
              <OptionName
                key="o"
                name="Overwrite existing translations"
                defaultValue={onOff(IMPORT_DEFAULTS.overwriteExisting)}
              />,
              "Off: a string that already has a value keeps it, and only empty ones are filled. On: the file's values replace them (the old values stay in history).",
            ],
            [
              <OptionName
                key="o"
                name="Flatten nested keys"
                defaultValue={onOff(IMPORT_DEFAULTS.flattenNestedKeys)}
              />,
              <>
                JSON and YAML: nested objects become dotted keys (<Code>{'{"home": {"title": …}}'}</Code> →{" "}
                <Code>home.title</Code>). Off: only top-level strings are read.
              </>,
            ],
            [
              <OptionName
                key="o"
                name="Reset language list"
                defaultValue={onOff(IMPORT_DEFAULTS.resetLanguageList)}
              />,
              "On: the project's languages become the source language plus the file's. Strings of languages taken off the list are kept, hidden, and come back if the language is added again.",
            ],
          ]}
          columnClassNames={["w-[38%]"]}
        />
      </DocSection>

      <DocSection id="all-or-nothing" title="All or nothing">
        <P>
          An import is one transaction: the keys, the languages and the strings are written together, or not
          at all. If anything in the file cannot be read, nothing changes. Every imported value goes into its
          cell's history as written by an import.
        </P>
        <P>
          Files can be up to {SERVER_DEFAULTS.MAX_UPLOAD_MB} MB; whoever runs Sprog sets the limit with{" "}
          <Code>MAX_UPLOAD_MB</Code>.
        </P>
        <P>
          Some entries are skipped rather than failing the whole file, and the notice counts them as errors,
          with the first few reasons: keys made only of digits (XLIFF unit ids excepted), keys over 500
          characters, and columns that are not a language.
        </P>
        <P>
          Everything else is kept as the file has it, so an export gives the file back (see{" "}
          <TopicLink to="export" hash="formats">
            what each format keeps
          </TopicLink>
          ): keys exactly as written, spaces and line breaks included; empty strings, which count as missing
          like an empty cell but are exported again; the order of the keys; descriptions and context, shown
          under the key name; the state of a string (a fuzzy gettext entry, an XLIFF{" "}
          <Code>needs-review-translation</Code>); resources marked <Code>translatable="false"</Code>, which
          are never counted as missing nor sent to AI; and lists, numbers and booleans (Rails{" "}
          <Code>day_names</Code>, Android <Code>{"<integer-array>"}</Code>
          ), kept as read-only values. A file in the source language sets what it says about its keys; a
          translation's file only fills what is not said yet.
        </P>
      </DocSection>

      <DocSection id="messages" title="Messages">
        <DataTable
          caption="What the import dialog may say"
          columns={["Message", "Why"]}
          rows={[
            [
              <Code key="m" wrap>
                Import complete: 12 keys added, 30 translations added, 2 languages added
              </Code>,
              "Done. “, 2 errors” is added when entries were skipped.",
            ],
            [
              <Code key="m" wrap>
                Missing data or language selection
              </Code>,
              "No file, or no language chosen.",
            ],
            [
              <Code key="m" wrap>
                Error processing file: notes.txt is not a format Sprog reads
              </Code>,
              "The file ending is not one of those above.",
            ],
            [
              <Code key="m" wrap>
                Invalid JSON file. Please check the file format.
              </Code>,
              "The JSON has a syntax error.",
            ],
            [
              <Code key="m" wrap>
                Error processing file: …
              </Code>,
              "The file cannot be read, with the reason, e.g. a CSV without a “key” column or an old .xls workbook.",
            ],
            [
              <Code key="m" wrap>
                Error processing file: it holds no strings to import
              </Code>,
              "The file was read, but has no text in it.",
            ],
            [
              <Code key="m" wrap>
                Error processing file: the file is larger than the {SERVER_DEFAULTS.MAX_UPLOAD_MB} MB limit
              </Code>,
              <>
                Over <Code>MAX_UPLOAD_MB</Code>.
              </>,
            ],
            [
              <Code key="m" wrap>
                Error importing translations: …
              </Code>,
              "Anything else, e.g. the connection dropped or you may not import into this project.",
            ],
          ]}
          columnClassNames={["w-[55%]"]}
        />
        <Callout>
          <P>
            To get files out again, see <TopicLink to="export">Export</TopicLink>; to fetch them from CI, the{" "}
            <TopicLink to="api">pull API</TopicLink>.
          </P>
        </Callout>
      </DocSection>
    </>
  );
}
