import { CHECK_IDS, CHECKS, runChecks } from "../../../../shared/quality/checks.ts";
import { Code, DataTable, DocSection, List, P, SubHeading, TopicLink, Ui } from "../components/prose.tsx";

/** An example computed by the same checks the editor and the server run. */
export const CHECK_EXAMPLE = {
  source: "Save  changes to {file}?",
  translation: " Änderungen an {file} speichern",
} as const;

/** Docs → Placeholders and quality checks: every check, where it shows, and how to turn one off. */
export function QualityChecksSection() {
  const findings = runChecks({
    source: CHECK_EXAMPLE.source,
    value: CHECK_EXAMPLE.translation,
    sourceLanguage: "en",
    language: "de",
  });
  return (
    <DocSection id="quality-checks" title="Quality checks">
      <P>
        Every string is checked when it is saved, imported or written by the AI, and the result is kept with
        it. A cell with a problem shows one line per finding under its text, with a <Ui>Fix</Ui> button where
        the correction is safe (the fix is saved like any edit; the old value stays in the history). Errors
        break the app that shows the string; warnings are worth a look.
      </P>
      <DataTable
        caption="The quality checks"
        columns={["Check", "Severity", "What it looks for"]}
        rows={CHECK_IDS.map((id) => [
          CHECKS[id].title,
          CHECKS[id].severity === "error" ? "Error" : "Warning",
          CHECKS[id].description,
        ])}
        columnClassNames={["w-44", "w-20"]}
      />
      <SubHeading id="quality-languages">Languages are not all punctuated alike</SubHeading>
      <List>
        <li>
          Spanish questions and exclamations also open with <Code>¿</Code> and <Code>¡</Code>; Chinese and
          Japanese end with full-width marks (<Code>。</Code>, <Code>？</Code>, <Code>！</Code>); Arabic,
          Persian and Urdu ask with <Code>؟</Code>, Greek with <Code>;</Code>; Hindi ends with the danda{" "}
          <Code>।</Code>; French puts a space before <Code>! ? : ;</Code>. None of these is flagged.
        </li>
        <li>
          Numbers match whatever the digit grouping and decimal mark (<Code>1,000.5</Code> and{" "}
          <Code>1.000,5</Code> are the same number).
        </li>
        <li>
          Plural forms follow the target language's CLDR categories: a Polish plural needs <Code>one</Code>,{" "}
          <Code>few</Code>, <Code>many</Code> and <Code>other</Code>, a Japanese one only <Code>other</Code>.
        </li>
      </List>
      <SubHeading id="quality-example">An example, computed by Sprog</SubHeading>
      <DataTable
        caption="A German translation and what the checks find"
        columns={["", "Text"]}
        rows={[
          [
            "Source",
            <Code key="s" wrap>
              {CHECK_EXAMPLE.source}
            </Code>,
          ],
          [
            "Translation",
            <Code key="t" wrap>
              {CHECK_EXAMPLE.translation}
            </Code>,
          ],
          ...findings.map((finding) => [
            CHECKS[finding.id].title,
            <span key={finding.id} className="flex flex-col items-start gap-1">
              <span>{finding.message}</span>
              {finding.fix !== undefined ? (
                <span className="text-xs text-muted">
                  Fix: <Code wrap>{finding.fix}</Code>
                </span>
              ) : null}
            </span>,
          ]),
        ]}
        columnClassNames={["w-44"]}
      />
      <SubHeading id="quality-overview">Finding and turning off checks</SubHeading>
      <List>
        <li>
          The Overview's <Ui>Quality</Ui> filter lists the checks that fail in the selected language with how
          many strings fail each; <Ui>Any issue</Ui> shows every string with a problem.
        </li>
        <li>
          <Ui>Project Settings → Quality checks</Ui> turns a check off for the project (owners and admins): it
          is no longer shown, counted or offered as a filter. Turning it back on shows its results at once.
        </li>
        <li>
          Glossary checks use your team's glossary, and AI translations are held to the same checks before
          they are saved (see <TopicLink to="ai-translate">AI translation</TopicLink>).
        </li>
      </List>
    </DocSection>
  );
}
