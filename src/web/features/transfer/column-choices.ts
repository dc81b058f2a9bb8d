import {
  guessTableColumns,
  TABLE_FIELDS,
  type TableColumns,
  type TableField,
} from "../../../shared/formats/table-columns.ts";
import { isKnownLanguage, languageName } from "../../../shared/languages.ts";

/**
 * The import dialog's column mapping (issue 33): one choice per column of a CSV or Excel table,
 * as the value of its select: `key`, a field (`description`, `context`, `maxLength`, `tags`),
 * `ignore`, or `language:<code>`.
 */
export type ColumnChoice = "key" | TableField | "ignore" | `language:${string}`;

export const FIELD_LABELS: Record<TableField, string> = {
  description: "Description",
  context: "Context",
  maxLength: "Max length",
  tags: "Tags",
};

/**
 * What the parser would read each column as (`guessTableColumns`, the server's own guess), as
 * choices; `language` is the dialog's language of the file, which a `value` column holds. A code
 * Sprog does not know is shown as ignored: the import skips its strings anyway.
 */
export function guessedChoices(header: readonly string[], language: string): ColumnChoice[] {
  return guessTableColumns(header, language || undefined).map((use): ColumnChoice => {
    if (use.use === "language") return isKnownLanguage(use.language) ? `language:${use.language}` : "ignore";
    return use.use;
  });
}

/** How the dialog names a column: its header, or its place when the header cell is empty. */
export function columnName(header: readonly string[], index: number): string {
  const name = header[index]?.trim() ?? "";
  return name === "" ? `Column ${index + 1}` : name;
}

function names(header: readonly string[], indexes: readonly number[]): string {
  const quoted = indexes.map((index) => `“${columnName(header, index)}”`);
  return quoted.length < 2 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

/** What is wrong with the choices, said so a person can fix it; undefined when they can be imported. */
export function choicesProblem(
  header: readonly string[],
  choices: readonly ColumnChoice[],
): string | undefined {
  const holding = (choice: ColumnChoice) =>
    choices.flatMap((chosen, index) => (chosen === choice ? [index] : []));
  const keys = holding("key");
  if (keys.length === 0) return "Choose the column that holds the keys: set it to “Key”.";
  if (keys.length > 1) return `Only one column can hold the keys: ${names(header, keys)} are both “Key”.`;
  for (const field of TABLE_FIELDS) {
    const columns = holding(field);
    if (columns.length > 1) {
      return `Only one column can be the ${FIELD_LABELS[field].toLowerCase()}: ${names(header, columns)} are both “${FIELD_LABELS[field]}”.`;
    }
  }
  const languages = new Set<ColumnChoice>();
  for (const choice of choices) {
    if (!choice.startsWith("language:") || languages.has(choice)) continue;
    languages.add(choice);
    const columns = holding(choice);
    if (columns.length > 1) {
      const code = choice.slice("language:".length);
      return `${names(header, columns)} are both ${languageName(code)} (${code}): choose another language for one of them, or ignore it.`;
    }
  }
  if (languages.size === 0) return "Choose the language of at least one column.";
  return undefined;
}

/** The choices as the import's `columns` option: columns by index, those ignored left out. */
export function columnsOption(choices: readonly ColumnChoice[]): TableColumns {
  const option: TableColumns = { key: choices.indexOf("key"), languages: {} };
  choices.forEach((choice, index) => {
    if (choice.startsWith("language:")) option.languages[String(index)] = choice.slice("language:".length);
    else if ((TABLE_FIELDS as readonly string[]).includes(choice)) option[choice as TableField] = index;
  });
  return option;
}
