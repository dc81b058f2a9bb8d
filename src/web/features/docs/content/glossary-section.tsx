import {
  GLOSSARY_CSV_FIELDS,
  GLOSSARY_TERMS_MAX,
  PARTS_OF_SPEECH,
} from "../../../../shared/schemas/glossary.ts";
import { Code, CodeBlock, DocSection, List, P, Ui } from "../components/prose.tsx";
import { rolesWith } from "../permission-texts.ts";

const CSV_EXAMPLE = `${GLOSSARY_CSV_FIELDS.join(",")},de,fr
Sign in,The button that opens a session,verb,false,false,false,Anmelden,Se connecter
Acme,Our product's name,proper noun,true,false,true,,
Click,Say "select" instead,verb,false,true,false,Klicken,Cliquer`;

/** Section `glossary` of the docs topic ai-translate: the team's terms, in the editor and the CSV. */
export function GlossarySection() {
  return (
    <DocSection id="glossary" title="Glossary">
      <P>
        A team's glossary lists the words its products use and how each is translated, shared by all the
        team's projects (up to {GLOSSARY_TERMS_MAX.toLocaleString("en")} terms). Open it from{" "}
        <Ui>Glossary</Ui> in the sidebar. Changing it (adding, editing and deleting terms, importing and
        exporting them) takes {rolesWith("glossary.manage")}; {rolesWith("glossary.view")} can read it. A term
        has:
      </P>
      <List>
        <li>the term in the source language, unique in the team whatever its capitals;</li>
        <li>
          a description (what it means, where it appears) and a part of speech ({PARTS_OF_SPEECH.join(", ")});
        </li>
        <li>
          <Ui>Case sensitive</Ui>: found only with the same capitals; <Ui>Do not translate</Ui>: a name kept
          as it is in every language; <Ui>Forbidden</Ui>: a word never to use (its translations are the words
          never to use in each language);
        </li>
        <li>an approved translation per language.</li>
      </List>
      <P>
        In the Overview, terms found in a source text are underlined with dots; hover one, or reach it with{" "}
        <Code>Tab</Code>, to see its description and approved translations. Terms are found as whole words
        (anywhere in Chinese, Japanese, Korean and Thai text); where two overlap, the longer one counts.
      </P>
      <P>
        <Ui>Import CSV</Ui> and <Ui>Export CSV</Ui> use one row per term: the columns{" "}
        {GLOSSARY_CSV_FIELDS.map((field, index) => (
          <span key={field}>
            {index > 0 ? ", " : ""}
            <Code>{field}</Code>
          </span>
        ))}{" "}
        (only <Code>term</Code> is required; flags are true or false), then one column per language code. A
        term already in the glossary is updated and keeps translations of languages the file has no column
        for. The import is all or nothing: a file with a mistake is refused with the line to fix, and nothing
        changes. The export escapes cells a spreadsheet would run as formulas (a leading <Code>'</Code>, as in
        the translations' CSV export); importing the file again removes it.
      </P>
      <CodeBlock title="glossary.csv">{CSV_EXAMPLE}</CodeBlock>
    </DocSection>
  );
}
