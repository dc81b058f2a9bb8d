import { useId } from "react";
import { LANGUAGES, languageName } from "../../../../shared/languages.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { type ColumnChoice, columnName, FIELD_LABELS } from "../column-choices.ts";
import type { TablePreview } from "../table-preview.ts";

/** A sample cell shown under its column's select, cut to a line. */
function sampleHint(sample: readonly string[], index: number): string | undefined {
  const cell = (sample[index] ?? "").replace(/\s+/g, " ").trim();
  if (cell === "") return undefined;
  return `First row: ${cell.length > 60 ? `${cell.slice(0, 59)}…` : cell}`;
}

/**
 * The column mapping of a CSV or Excel table (issue 33): for each column of its header, a
 * labelled select of what it holds — the key, a field of the key, a language, or nothing. The
 * defaults are the server's guess; the import sends the choices when they differ from it.
 */
export function ColumnMapping({
  table,
  choices,
  projectLanguages,
  problem,
  disabled,
  onChoose,
}: {
  table: TablePreview;
  choices: readonly ColumnChoice[];
  projectLanguages: readonly string[];
  /** What keeps the choices from being imported (`choicesProblem`). */
  problem: string | undefined;
  disabled: boolean;
  onChoose: (index: number, choice: ColumnChoice) => void;
}) {
  const hintId = useId();
  const problemId = useId();
  const inProject = new Set(projectLanguages);
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-md border border-border p-3"
      disabled={disabled}
      aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
    >
      <legend className="px-1 text-sm font-medium text-foreground">Columns</legend>
      <p id={hintId} className="text-xs text-muted">
        What each column of the table holds, guessed from its name. Choose the key column and each column's
        language; ignored columns are not imported.
      </p>
      {table.header.map((_, index) => (
        <FormField
          // The columns of one file never move: their places are their identities.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          label={columnName(table.header, index)}
          hint={sampleHint(table.sample, index)}
        >
          <NativeSelect
            value={choices[index] ?? "ignore"}
            onChange={(event) => onChoose(index, event.target.value as ColumnChoice)}
          >
            <option value="key">Key</option>
            {Object.entries(FIELD_LABELS).map(([field, label]) => (
              <option key={field} value={field}>
                {label}
              </option>
            ))}
            <option value="ignore">Ignore</option>
            <optgroup label="Languages in this project">
              {projectLanguages.map((code) => (
                <option key={code} value={`language:${code}`}>
                  {languageName(code)} ({code})
                </option>
              ))}
            </optgroup>
            <optgroup label="Other languages (added to the project)">
              {LANGUAGES.filter((entry) => !inProject.has(entry.code)).map((entry) => (
                <option key={entry.code} value={`language:${entry.code}`}>
                  {entry.name} ({entry.code})
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </FormField>
      ))}
      {/* Always there, so that a screen reader hears the problem when a choice makes or fixes one. */}
      <p
        id={problemId}
        aria-live="polite"
        className={problem ? "text-xs font-medium text-danger" : "sr-only"}
      >
        {problem ?? ""}
      </p>
    </fieldset>
  );
}
