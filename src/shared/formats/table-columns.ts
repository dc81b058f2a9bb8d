import { canonicalLanguage, LANGUAGES, languageName } from "../languages.ts";
import { FormatError, type ParseOptions } from "./types.ts";

/**
 * Which column of a CSV or Excel table is what (issue 33): the guess from the header's names that
 * the import dialog shows first (`guessTableColumns`), and the column mapping a person chose
 * instead (`chosenColumns`). `parseTable` (table-rows.ts) reads the table by either.
 */

/**
 * A header cell as the guess compares it: lower case, without accents, spaces, `_`, `-` or `.`
 * (`String ID`, `string_id` and `stringId` are one name).
 */
function looseName(cell: string): string {
  return cell
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s_.-]+/g, "");
}

/** Names of a key column, the most telling first: `key` wins over `id`, `string_id` over `name`. */
const KEY_NAMES = [
  "key",
  "keys",
  "keyname",
  "stringkey",
  "stringid",
  "stringname",
  "resourcekey",
  "resourceid",
  "resourcename",
  "translationkey",
  "messagekey",
  "messageid",
  "msgid",
  "keyid",
  "id",
  "identifier",
  "name",
];
/** The key's fields a table column holds, as the column mapping names them. */
export const TABLE_FIELDS = ["description", "context", "maxLength", "tags"] as const;
export type TableField = (typeof TABLE_FIELDS)[number];
const FIELD_NAMES: Record<TableField, ReadonlySet<string>> = {
  description: new Set(["comment", "comments", "description", "note", "notes"]),
  context: new Set(["context"]),
  maxLength: new Set(["maxlength", "maxchars", "charlimit"]),
  tags: new Set(["tags", "tag", "labels"]),
};
const VALUE_COLUMNS = new Set(["value", "translation", "text"]);
const LOCALE_LIKE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/i;
/** A code in brackets after a name: `German (de)`, `Japanese [ja]`. */
const BRACKETED_CODE = /[([]\s*([a-z]{2,3}(?:[-_][a-z0-9]{2,8})*)\s*[)\]]\s*$/i;

/** What one column of a table holds. */
export type TableColumnUse =
  | { use: "key" }
  | { use: TableField }
  | { use: "language"; language: string }
  | { use: "ignore" };

/** A column mapping, as `ParseOptions.columns` gives it. */
export type TableColumns = NonNullable<ParseOptions["columns"]>;

let namedLanguages: Map<string, string> | undefined;

/** A language name as the guess compares it: lower case, without accents, spaces collapsed. */
function nameKey(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The catalogue language a column name names: its English name (`German`, `Portuguese (Brazil)`,
 * `Brazilian Portuguese`) or its own (`Deutsch`, `français`, `日本語`), as the runtime's Intl
 * data spells them; the catalogue's names win.
 */
function languageNamed(name: string): string | undefined {
  if (namedLanguages === undefined) {
    const names = new Map<string, string>();
    const add = (text: string | undefined, code: string) => {
      const key = text === undefined ? "" : nameKey(text);
      if (key !== "" && !names.has(key)) names.set(key, code);
    };
    for (const { code, name } of LANGUAGES) add(name, code);
    const displays: [string | undefined, "standard" | "dialect"][] = [
      ["en", "standard"],
      ["en", "dialect"],
      [undefined, "standard"],
      [undefined, "dialect"],
    ];
    for (const [locale, languageDisplay] of displays) {
      for (const { code } of LANGUAGES) {
        try {
          add(new Intl.DisplayNames([locale ?? code], { type: "language", languageDisplay }).of(code), code);
        } catch {
          // No Intl data for this language here: its code and English name still match.
        }
      }
    }
    namedLanguages = names;
  }
  return namedLanguages.get(nameKey(name));
}

/**
 * The language a column's name says: a code (`de`, `pt_BR`, `iw`), a name (`German`, `Deutsch`),
 * a code in brackets (`German (de)`), or else a code-shaped name Sprog does not know (`xx`),
 * which is read and then skipped with a warning as an unknown language.
 */
function languageOfColumn(cell: string): string | undefined {
  const known = canonicalLanguage(cell) ?? languageNamed(cell);
  if (known !== undefined) return known;
  const bracketed = BRACKETED_CODE.exec(cell)?.[1];
  const code = bracketed === undefined ? undefined : canonicalLanguage(bracketed);
  if (code !== undefined) return code;
  if (!LOCALE_LIKE.test(cell)) return undefined;
  // A region the catalogue lacks (`ja_JP`) is its language, as a file named `ja-JP.json` is; the
  // header keeps its own name for the export (`fileMeta.columnNames`).
  const base = canonicalLanguage(cell.split(/[-_]/)[0] ?? "");
  return base ?? cell.replace(/_/g, "-");
}

/**
 * What each column of a table holds, guessed from its header (`language`: the language of a
 * `value` / `translation` / `text` column, the file's). The key column is the one with the most
 * telling name (`KEY_NAMES`, compared by `looseName`); the first column named like a field is that
 * field; every other column named by a language code or name is that language, the first of two
 * with the same; the rest are ignored. No key column: none is `key`. The import dialog shows this
 * guess as the default of its column mapping.
 */
export function guessTableColumns(header: readonly string[], language?: string): TableColumnUse[] {
  const cells = header.map((cell) => cell.trim());
  const loose = cells.map(looseName);
  const uses: TableColumnUse[] = cells.map(() => ({ use: "ignore" }));
  for (const name of KEY_NAMES) {
    const index = loose.indexOf(name);
    if (index !== -1) {
      uses[index] = { use: "key" };
      break;
    }
  }
  // A first column with no header and no other key column: the keys, as Godot's and many game
  // engines' translation tables keep them (`,en,de`).
  if (cells[0] === "" && cells.length > 1 && !uses.some((use) => use.use === "key")) uses[0] = { use: "key" };
  for (const field of TABLE_FIELDS) {
    const index = loose.findIndex((name, i) => uses[i]?.use === "ignore" && FIELD_NAMES[field].has(name));
    if (index !== -1) uses[index] = { use: field };
  }
  const taken = new Set<string>();
  cells.forEach((cell, index) => {
    if (uses[index]?.use !== "ignore") return;
    const code = VALUE_COLUMNS.has(cell.toLowerCase()) ? language : languageOfColumn(cell);
    if (code === undefined || code === "" || taken.has(code)) return;
    taken.add(code);
    uses[index] = { use: "language", language: code };
  });
  return uses;
}

/** “a”, “b” and “c” (at most 20, then “and N more”). */
export function listColumns(header: readonly string[]): string {
  const names = header.map((cell, index) => (cell === "" ? `column ${index + 1} (no header)` : `“${cell}”`));
  const shown = names.slice(0, 20);
  if (names.length > shown.length) return `${shown.join(", ")} and ${names.length - shown.length} more`;
  return shown.length < 2 ? shown.join("") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/**
 * What each column holds, as a column mapping chooses it: every column it does not name is
 * ignored. Refuses (FormatError) a column that is not in the header, a header text two columns
 * have, a column chosen twice, two columns of one language and a language Sprog does not know.
 */
export function chosenColumns(
  header: readonly string[],
  columns: TableColumns,
  what: string,
): TableColumnUse[] {
  const uses: TableColumnUse[] = header.map(() => ({ use: "ignore" }));
  const quoted = (index: number) =>
    header[index] ? `“${header[index]}” (index ${index})` : `index ${index}`;
  const column = (index: number) => (header[index] ? `column ${quoted(index)}` : `column index ${index}`);
  const indexOf = (ref: number | string): number => {
    if (typeof ref === "number") {
      if (Number.isInteger(ref) && ref >= 0 && ref < header.length) return ref;
      throw new FormatError(
        `The column mapping names column index ${ref}, but this ${what} file has ${header.length} column${header.length === 1 ? "" : "s"} (index 0 to ${header.length - 1}): ${listColumns(header)}.`,
      );
    }
    const name = ref.trim();
    let found = header.flatMap((cell, index) => (cell === name ? [index] : []));
    if (found.length === 0) {
      found = header.flatMap((cell, index) => (cell.toLowerCase() === name.toLowerCase() ? [index] : []));
    }
    if (found.length === 1) return found[0] ?? 0;
    if (found.length === 0) {
      throw new FormatError(
        `The column mapping names a column “${name}”, but this ${what} file has none by that name. Its columns are ${listColumns(header)}.`,
      );
    }
    throw new FormatError(
      `This ${what} file has ${found.length} columns named “${name}” (index ${found.slice(0, -1).join(", ")} and ${found.at(-1)}): name the column by its index instead.`,
    );
  };
  const roleName = (use: TableColumnUse) =>
    use.use === "language"
      ? `${languageName(use.language)} (${use.language})`
      : use.use === "key"
        ? "the key"
        : use.use === "maxLength"
          ? "the max length"
          : `the ${use.use}`;
  const choose = (index: number, use: TableColumnUse) => {
    const before = uses[index];
    if (before !== undefined && before.use !== "ignore") {
      throw new FormatError(
        `The column mapping chooses ${column(index)} twice: as ${roleName(before)} and as ${roleName(use)}.`,
      );
    }
    uses[index] = use;
  };
  choose(indexOf(columns.key), { use: "key" });
  for (const field of TABLE_FIELDS) {
    const ref = columns[field];
    if (ref !== undefined) choose(indexOf(ref), { use: field });
  }
  const byLanguage = new Map<string, number>();
  for (const [ref, code] of Object.entries(columns.languages)) {
    const language = canonicalLanguage(code);
    if (language === undefined) {
      throw new FormatError(`The column mapping names “${code}”, which is not a language code Sprog knows.`);
    }
    const index = indexOf(/^\d+$/.test(ref) ? Number(ref) : ref);
    const other = byLanguage.get(language);
    if (other !== undefined && other !== index) {
      const [first = 0, second = 0] = [other, index].sort((a, b) => a - b);
      throw new FormatError(
        `The column mapping chooses two columns as ${languageName(language)} (${language}): ${quoted(first)} and ${quoted(second)}.`,
      );
    }
    byLanguage.set(language, index);
    choose(index, { use: "language", language });
  }
  return uses;
}
