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
import { IMPORT_DEFAULTS, importExtensions, SERVER_DEFAULTS } from "../reference-data.ts";

const onOff = (value: boolean) => (value ? "On" : "Off");

const CSV_EXAMPLE = `key,en,de,comment
checkout.title,Checkout,Kasse,Screen title
greeting,"Hello {name}!","Hallo {name}!",`;

const MAPPED_EXAMPLE = `string_id,English,Deutsch,notes
checkout.title,Checkout,Kasse,Screen title`;

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
          <li>
            Check the language of the file, and the options. For a CSV or Excel table, check what each column
            holds under <Ui>Columns</Ui> (see{" "}
            <TopicLink to="import" hash="columns">
              the columns of a table
            </TopicLink>
            ).
          </li>
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

      <DocSection id="columns" title="The columns of a CSV or Excel table">
        <P>
          A table has one row per key: a column with the keys, one column per language, and columns for what
          the keys say about themselves. When you choose a CSV or Excel file, the dialog reads its first row
          (in your browser, before anything is uploaded) and shows each column under <Ui>Columns</Ui>, with
          what it holds: <Ui>Key</Ui>, <Ui>Description</Ui>, <Ui>Context</Ui>, <Ui>Max length</Ui>,{" "}
          <Ui>Tags</Ui>, a language, or <Ui>Ignore</Ui>. Under each column you see its first value.
        </P>
        <List>
          <li>
            Sprog guesses from the column names. The key column is the one named <Code>key</Code>,{" "}
            <Code>id</Code>, <Code>string_id</Code>, <Code>identifier</Code>, <Code>name</Code>,{" "}
            <Code>msgid</Code>, <Code>resource key</Code> or similar, in any case and with spaces, dashes or
            underscores.
          </li>
          <li>
            A column named by a language code (<Code>de</Code>, <Code>pt_BR</Code>), a language's English name
            (<Code>German</Code>), its own name (<Code>Deutsch</Code>) or a name with the code in brackets (
            <Code>German (de)</Code>) holds that language. A <Code>value</Code> or <Code>translation</Code>{" "}
            column holds the language of the file chosen above.
          </li>
          <li>
            <Code>comment</Code>, <Code>description</Code> and <Code>notes</Code> are the key's description;{" "}
            <Code>context</Code>, <Code>max_length</Code> and <Code>tags</Code> (comma-separated) are read
            too.
          </li>
          <li>
            Change any of them: choose the key column, each column's language, or <Ui>Ignore</Ui> for a column
            you do not want. Exactly one column must be the key, at least one must be a language, and two
            columns cannot hold the same language.
          </li>
        </List>
        <CodeBlock title="A table to import with its columns chosen: string_id is the key, English and Deutsch are en and de, notes is the description">
          {MAPPED_EXAMPLE}
        </CodeBlock>
        <P>
          The column names are kept: a CSV or Excel export of the project writes the header the table was
          imported with (<Code>string_id,English,Deutsch,notes</Code>), so the file goes back to where it came
          from unchanged.
        </P>
        <P>
          Through the API, send the choice as the <Code>columns</Code> field of the import, as JSON: a column
          is its index from 0 or its header text, for example{" "}
          <Code wrap>
            {'{"key": "string_id", "languages": {"1": "en", "Deutsch": "de"}, "description": 3}'}
          </Code>
          . <Code>context</Code>, <Code>maxLength</Code> and <Code>tags</Code> can be named the same way;
          columns left out are not read.
        </P>
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
            Some formats say it themselves: a CSV or Excel column per language, XLIFF's source and target
            languages, an ARB file's <Code>@@locale</Code>, a Rails YAML file's root key. XLIFF and PO files
            also carry the source text, so they fill the source language too.
          </li>
        </List>
      </DocSection>

      <DocSection id="files" title="Several files per language">
        <P>
          Many apps keep more than one file per language: i18next&apos;s <Code>locales/de/common.json</Code>{" "}
          and <Code>auth.json</Code>, Android&apos;s <Code>strings.xml</Code> and <Code>arrays.xml</Code>,
          iOS&apos;s <Code>Localizable.strings</Code> and <Code>InfoPlist.strings</Code>. Each key belongs to
          the file it came from, its <em>namespace</em>, read from the file&apos;s name without its extension
          and language (<Code>common</Code>, <Code>arrays</Code>, <Code>InfoPlist</Code>). The import dialog
          shows it under File (namespace), and you can change it.
        </P>
        <List>
          <li>
            A format&apos;s one file has none: <Code>de.json</Code>, <Code>strings.xml</Code>,{" "}
            <Code>Localizable.strings</Code>, <Code>messages.de.xlf</Code> and <Code>app_de.arb</Code> hold
            the language&apos;s default file, as every key did before files were split.
          </li>
          <li>
            The Overview shows each key&apos;s file beside its name, and its File filter shows one file&apos;s
            keys. A new key can be given a file in the Add key dialog.
          </li>
          <li>
            An export writes each file with its own keys, beside the language&apos;s one file:{" "}
            <Code>de/common.json</Code>, <Code>values-de/arrays.xml</Code>,{" "}
            <Code>de.lproj/InfoPlist.strings</Code>.
          </li>
          <li>
            Key names stay unique in a project. A key that another file already has (<Code>title</Code> in
            both <Code>common.json</Code> and <Code>auth.json</Code>) is kept as <Code>auth:title</Code>, as
            i18next names it, and written back into <Code>auth.json</Code> as <Code>title</Code>; the import
            says so.
          </li>
          <li>
            The first file that names a key of the language&apos;s one file moves it into its own: a project
            imported as one <Code>en.json</Code> can be split by importing its files.
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
          characters, and table columns that name no language when Sprog guessed the columns (not when you
          changed them: then the columns you left on <Ui>Ignore</Ui> are simply not read).
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
              "The file cannot be read, with the reason, e.g. an old .xls workbook.",
            ],
            [
              <Code key="m" wrap>
                Error processing file: This CSV file has no “key” column. Its columns are “Ref”, “English” and
                “Deutsch”: …
              </Code>,
              "No column is named like a key column: choose the key column under Columns, or name it “key”.",
            ],
            [
              <Code key="m" wrap>
                Check the columns: …
              </Code>,
              "The columns chosen cannot be imported: no key column, two key columns, no language, or two columns of one language. Nothing was sent.",
            ],
            [
              <Code key="m" wrap>
                Column mapping: …
              </Code>,
              "An API import's columns field is not a mapping Sprog can use, e.g. an unknown language code.",
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
