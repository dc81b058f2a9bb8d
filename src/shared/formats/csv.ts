import Papa from "papaparse";
import { FORMAT_INFO } from "./format-info.ts";
import { decodeText, SKIP_DUPLICATE, SKIP_EMPTY_KEY, SKIP_NUMERIC, SkipLog } from "./json-text.ts";
import { entryToValue } from "./plurals.ts";
import { chosenColumns, guessTableColumns, listColumns, type TableField } from "./table-columns.ts";
import {
  type FormatDefinition,
  FormatError,
  type FormatMeta,
  type MetaValue,
  type ParsedFile,
  type ParseOptions,
  type SerializeOptions,
  type TranslationEntry,
} from "./types.ts";

/**
 * CSV: one row per key, one column per language, the way spreadsheets hold translations.
 *
 * ```csv
 * key,en,de,comment
 * app.save,Save,Speichern,Button in the editor
 * ```
 *
 * Reading (the table rules are shared with XLSX, see `parseTable`): the first row is the header.
 * Which column is what comes from the import dialog's column mapping (`options.columns`) when
 * given, else it is guessed from the header (`guessTableColumns`): a key column (`key`, `Key`,
 * `id`, `string_id`, `identifier`, `name`, `msgid`, `resource key`…; without one the file is
 * refused, naming its columns); every column named by a language code (`de`, `pt_BR`, `iw`…) or
 * name (`German`, `Deutsch`, `German (de)`) is that language; a column `value` / `translation` /
 * `text` is `options.language`; the key's fields come from a `comment` / `description` /
 * `note(s)` column (`comment`), `context`, `max_length` (a whole number; `maxLength`) and `tags`
 * (comma-separated) columns, given to every entry of the row; other columns are ignored, with a
 * warning when guessed. Rows keep the file's order. An empty cell is "no text" (no entry): a
 * spreadsheet cannot tell an empty string from an untranslated one, so empty strings do not
 * survive a CSV round trip. Rows with another cell count than the header are read (missing cells
 * are empty, extra cells kept in `meta.extraCells`) with one warning listing them. Plural entries
 * are written as ICU messages and read back as such (the table has no plural forms);
 * `valueType: "json"` values are written as their JSON text and read back as text. What only the
 * table has is kept for the export (see `tableRows`): the header's names (`fileMeta.columnNames`),
 * comment rows and cells past the header.
 *
 * Bytes: UTF-8 (BOM dropped), UTF-16 with a BOM, or — when the bytes are not UTF-8 — Windows-1252
 * with a warning (old Excel "CSV" exports); `,`, `;` or tab separators (the one the header row uses most); quoted
 * cells with separators, quotes and line breaks; CRLF or LF. An unterminated quote (a truncated
 * file) is an error.
 *
 * Writing: one `translations.csv` for all languages: `key`, the source language first, the others
 * in the given order, then `comment`, `context`, `max_length` and `tags` when some entry has them
 * (the source language's wins). Rows in the order of the entries, the source language's first.
 * UTF-8 with a BOM (so Excel detects the encoding) and CRLF line ends (RFC 4180). `,` separates,
 * but a cell holding `;` or a tab is quoted as well as one holding `,`, a quote or a line break:
 * Excel in many European locales splits CSV on `;`, and other tools on tabs. Formula triggers at a
 * cell's start, and after any separator or line break inside it, get an apostrophe, which reading
 * removes again (see `escapeFormula`).
 */

export const csvFormat: FormatDefinition = {
  id: "csv",
  label: FORMAT_INFO.csv.label,
  extensions: FORMAT_INFO.csv.extensions,
  async parse(bytes, options) {
    const log = new SkipLog();
    return parseTable(csvRows(bytes, log), options, log, "CSV");
  },
  async serialize(languages, options) {
    const { header, rows } = tableRows(languages, options);
    return [{ path: "translations.csv", bytes: writeCsv(header, rows) }];
  },
};

/** The cells of a CSV file's rows, formula escapes undone; `rows` stops after that many. */
function csvRows(bytes: Uint8Array, log: SkipLog, rows?: number): string[][] {
  const text = decodeText(bytes, "CSV", {
    onFallback: () =>
      log.note(
        "The file is not UTF-8; it was read as Windows-1252. Check accented letters, or save it as “CSV UTF-8” and import again.",
      ),
  });
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(body, {
    header: false,
    skipEmptyLines: false,
    delimiter: guessDelimiter(body),
    ...(rows === undefined ? {} : { preview: rows }),
  });
  const quoteError = result.errors.find((error) => error.type === "Quotes");
  if (quoteError !== undefined && rows === undefined) {
    throw new FormatError(
      `Invalid CSV file: a quoted cell is not closed (row ${(quoteError.row ?? 0) + 1}); the file may be truncated. Please check the file format.`,
    );
  }
  return result.data.map((row) => row.map(unescapeFormula));
}

/** The rows `csvPreview` reads: blank lines and comment rows before the header and the first key. */
const PREVIEW_ROWS = 200;

/**
 * A CSV file's header (the first non-blank row, cells trimmed) and the row after it (comment
 * rows passed over; empty when there is none), read as the parser reads them, for the import
 * dialog's column mapping. A FormatError when the file is empty or not text.
 */
export function csvPreview(bytes: Uint8Array): { header: string[]; sample: string[] } {
  const rows = csvRows(bytes, new SkipLog(), PREVIEW_ROWS);
  return tablePreview(rows, "CSV");
}

/** The header and first row of a table's rows (see `csvPreview`); XLSX reads its own. */
export function tablePreview(
  rows: readonly (readonly string[])[],
  what: string,
): { header: string[]; sample: string[] } {
  const filled = (row: readonly string[]) => row.filter((cell) => cell.trim() !== "");
  const first = rows.findIndex((row) => filled(row).length > 0);
  const header = rows[first]?.map((cell) => cell.trim());
  if (header === undefined) throw new FormatError(`This ${what} file is empty.`);
  const sample = rows.slice(first + 1).find((row) => {
    const cells = filled(row);
    return cells.length > 0 && !(cells.length === 1 && (cells[0] ?? "").trimStart().startsWith("#"));
  });
  return { header, sample: sample === undefined ? [] : [...sample] };
}

/**
 * A table as the CSV files Sprog writes (translations, glossary): formulas escaped, `,`-separated,
 * CRLF, UTF-8 with a BOM. The separator of the dialect the file is opened with is not known, so a
 * cell holding any common one (`,` `;` tab) is quoted; Papa quotes quotes and line breaks itself.
 */
export function writeCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): Uint8Array<ArrayBuffer> {
  // Rows as a list, not `fields` + `data`: Papa cuts a data row at the header's length, and a row
  // may keep cells past it.
  const csv = Papa.unparse(
    [header, ...rows].map((row) => row.map(escapeFormula)),
    {
      newline: "\r\n",
      quotes: (value: unknown) => typeof value === "string" && /[,;\t]/.test(value),
    },
  );
  return new TextEncoder().encode(`\uFEFF${csv}\r\n`);
}

/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet opening the file runs a cell that starts with
 * `=`, `+`, `-`, `@`, tab or carriage return as a formula — `=HYPERLINK(…)` sends data away,
 * `+cmd|…` (DDE) starts programs — and some also take the full-width `＝ ＋ － ＠`. Translations are
 * written by anyone who may edit a project, and the export is opened by someone else, so a trigger
 * gets a leading apostrophe, which spreadsheets read as "this is text". Plain text such as
 * "-5 items" gets it too: only the first character can be judged safely, and that is what the
 * guidance asks.
 *
 * A cell starts not only where we put it: a spreadsheet that splits on `;` or tab (Excel in many
 * European locales, a "TSV" import) and stops honouring quotes once a field does not start with
 * one, or a reader that cuts lines without looking at quotes, starts a new cell after any `,` `;`
 * tab, CR or LF inside ours (issue 32). So the same escape goes after each of those too:
 * `x;=1+1` is written `x;'=1+1`. Apostrophes already before a trigger (`'=x`, `a;'=x`) get one
 * more (`''=x`), so that reading, which removes exactly one at the same places, gives every string
 * back as written. Tab and CR are both separators and triggers: `\t\t` is written `'\t'\t`.
 * XLSX needs none of this: exceljs writes strings as shared-string cells, never formulas.
 */
const FORMULA_AT = /(?<=^|[,;\t\r\n])(?='*[=+\-@\t\r＝＋－＠])/g;
const ESCAPED_FORMULA_AT = /(?<=^|[,;\t\r\n])'(?='*[=+\-@\t\r＝＋－＠])/g;

export function escapeFormula(cell: string): string {
  return cell.replace(FORMULA_AT, "'");
}

/**
 * Undoes `escapeFormula`: one apostrophe goes, and only before a trigger at a cell's start or after
 * a separator, which is also how other tools escape formulas. Any other apostrophe (`'hello`,
 * `'5`, `it's`) is the file's text and stays. In escaped text every added apostrophe follows a
 * separator (or starts the cell), and an apostrophe of the text standing there before a trigger
 * has an added one in front of it, so exactly the added ones go (a property test checks it).
 */
export function unescapeFormula(cell: string): string {
  return cell.replace(ESCAPED_FORMULA_AT, "");
}

/** The separator of the header row (`key,en,de`, `key;en;de`, `key\ten`): the most frequent of `,` `;` tab. */
export function guessDelimiter(text: string): string {
  const header = text.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  let best = ",";
  let bestCount = 0;
  for (const delimiter of [",", ";", "\t"]) {
    const count = header.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * A table (header row first) → entries per language column. Shared by CSV and XLSX; `what` names
 * the format in messages. Cells are strings; rows may be ragged. Which column is what comes from
 * `options.columns` when given (nothing else is read, and nothing is said about the rest), else
 * from `guessTableColumns` (a warning lists the columns it ignored).
 */
export function parseTable(
  rows: readonly (readonly string[])[],
  options: ParseOptions,
  log: SkipLog,
  what: string,
): ParsedFile {
  const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === "");
  const firstRow = rows.findIndex((row) => !isBlank(row));
  const header = rows[firstRow]?.map((cell) => cell.trim());
  if (header === undefined) throw new FormatError(`This ${what} file is empty.`);
  const uses =
    options.columns === undefined
      ? guessTableColumns(header, options.language)
      : chosenColumns(header, options.columns, what);
  const keyColumn = uses.findIndex((use) => use.use === "key");
  if (keyColumn === -1) {
    throw new FormatError(
      `This ${what} file has no “key” column. Its columns are ${listColumns(header)}: choose the one that holds the keys under “Columns” in the import dialog, or name it “key”.`,
    );
  }
  const fieldColumn = (field: TableField) => uses.findIndex((use) => use.use === field);
  const fields = {
    comment: fieldColumn("description"),
    context: fieldColumn("context"),
    maxLength: fieldColumn("maxLength"),
    tags: fieldColumn("tags"),
  };
  const columns = uses.flatMap((use, index) =>
    use.use === "language" ? [{ index, language: use.language }] : [],
  );
  if (columns.length === 0) {
    throw new FormatError(
      `This ${what} file has no language columns. Its columns are ${listColumns(header)}: choose the language of each under “Columns” in the import dialog, or name them by language code (for example: key,en,de).`,
    );
  }
  // A mapping chose what to leave out; a guess says what it could not tell.
  const ignored =
    options.columns === undefined
      ? header.flatMap((cell, index) =>
          uses[index]?.use !== "ignore"
            ? []
            : [cell === "" ? `column ${index + 1} (no header)` : `“${cell}”`],
        )
      : [];
  if (ignored.length > 0) {
    log.note(
      `Ignored ${ignored.length} column${ignored.length === 1 ? "" : "s"} that name no language: ${ignored.join(", ")}.`,
    );
  }

  const languages: Record<string, TranslationEntry[]> = {};
  for (const column of columns) languages[column.language] = [];
  const ragged: number[] = [];
  const seen = new Set<string>();
  let emptyRows = 0;
  /** Comment rows (`# Inventory`, nothing else) waiting for the next key's row. */
  let commentRows: MetaValue[] = [];
  const trailingRows: MetaValue[] = [];
  for (let r = firstRow + 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    if (isBlank(row)) continue;
    const first = row.find((cell) => cell.trim() !== "") ?? "";
    if (first.trimStart().startsWith("#") && row.filter((cell) => cell.trim() !== "").length === 1) {
      commentRows.push([...row]);
      continue;
    }
    if (row.length > header.length && row.slice(header.length).every((cell) => cell === "")) {
      // Trailing empty cells are nothing to keep.
    } else if (row.length !== header.length) ragged.push(r + 1);
    // Keys are kept as written: " and " is not "and" (issue 15).
    const key = row[keyColumn] ?? "";
    if (key.trim() === "") {
      log.skip(SKIP_EMPTY_KEY, `row ${r + 1}`);
      continue;
    }
    if (/^\d+$/.test(key)) {
      log.skip(SKIP_NUMERIC, key);
      continue;
    }
    if (seen.has(key)) {
      log.skip(SKIP_DUPLICATE, key);
      continue;
    }
    seen.add(key);
    const keyFields: KeyFields & Pick<TranslationEntry, "meta"> = rowFields(row, fields);
    // What only the table had, written back with the row (issue 33).
    const meta: FormatMeta = {};
    if (commentRows.length > 0) meta.rowsBefore = commentRows;
    const extra = row.slice(header.length);
    if (extra.some((cell) => cell !== "")) meta.extraCells = extra;
    if (Object.keys(meta).length > 0) keyFields.meta = meta;
    let hasValue = false;
    for (const column of columns) {
      const value = row[column.index] ?? "";
      if (value === "") continue;
      hasValue = true;
      languages[column.language]?.push({ key, value, ...keyFields });
    }
    if (hasValue) commentRows = [];
    else emptyRows++;
  }
  trailingRows.push(...commentRows);
  if (ragged.length > 0) {
    const shown =
      ragged.slice(0, 10).join(", ") + (ragged.length > 10 ? ` and ${ragged.length - 10} more` : "");
    log.note(
      `${ragged.length} row${ragged.length === 1 ? " has" : "s have"} a different number of cells than the header (${header.length}): row ${shown}. Missing cells were read as empty; extra cells are kept with their row and written back by a CSV or Excel export.`,
    );
  }
  if (emptyRows > 0) {
    log.note(
      `${emptyRows} key${emptyRows === 1 ? " has" : "s have"} no text in any language column and ${emptyRows === 1 ? "was" : "were"} skipped.`,
    );
  }
  // The header as the file names its columns (`keys`, `pt_BR`, `description`), and comment rows
  // after the last key: kept in the file's metadata.
  const columnNames: FormatMeta = {};
  columnNames.key = header[keyColumn] ?? "key";
  for (const column of columns) columnNames[column.language] = header[column.index] ?? column.language;
  for (const [field, index] of Object.entries(fields)) {
    if (index !== -1) columnNames[field === "maxLength" ? "max_length" : field] = header[index] ?? field;
  }
  const fileMeta: FormatMeta = { columnNames };
  if (trailingRows.length > 0) fileMeta.trailingRows = trailingRows;
  // Under a language of the file, or the import would drop it: the one imported when it is a
  // column, else the first column's.
  const metaLanguage = columns.some((column) => column.language === options.language)
    ? options.language
    : (columns[0]?.language ?? options.language);
  return { languages, warnings: log.messages(), fileMeta: { [metaLanguage]: fileMeta } };
}

type KeyFields = Pick<TranslationEntry, "comment" | "context" | "maxLength" | "tags">;

/** The key's fields from their columns (-1: no such column); empty cells give nothing. */
function rowFields(
  row: readonly string[],
  fields: { comment: number; context: number; maxLength: number; tags: number },
): KeyFields {
  const cell = (index: number) => (index === -1 ? "" : (row[index] ?? ""));
  const out: KeyFields = {};
  if (cell(fields.comment) !== "") out.comment = cell(fields.comment);
  if (cell(fields.context) !== "") out.context = cell(fields.context);
  const maxLength = cell(fields.maxLength).trim();
  if (/^\d+$/.test(maxLength)) out.maxLength = Number(maxLength);
  const tags = cell(fields.tags)
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
  if (tags.length > 0) out.tags = tags;
  return out;
}

/**
 * Languages → header and rows (`key`, source language first, the others, then the key's fields).
 * A table imported before gives back what only it had (its `fileMeta`): its column names
 * (`columnNames`), its comment rows before a key (`meta.rowsBefore`) and after the last one
 * (`trailingRows`), and cells past the header (`meta.extraCells`).
 */
export function tableRows(
  languages: Record<string, readonly TranslationEntry[]>,
  options: Pick<SerializeOptions, "sourceLanguage" | "fileMeta">,
): { header: string[]; rows: string[][] } {
  const codes = Object.keys(languages).sort((a, b) =>
    a === options.sourceLanguage ? -1 : b === options.sourceLanguage ? 1 : 0,
  );
  const values = new Map<string, Map<string, string>>();
  const keyFields = new Map<string, string[]>();
  const cells = (entry: TranslationEntry): string[] => [
    entry.comment ?? "",
    entry.context ?? "",
    entry.maxLength === undefined ? "" : String(entry.maxLength),
    (entry.tags ?? []).join(", "),
  ];
  for (const code of codes) {
    for (const entry of languages[code] ?? []) {
      let row = values.get(entry.key);
      if (row === undefined) {
        row = new Map();
        values.set(entry.key, row);
      }
      if (!row.has(code)) row.set(code, entryToValue(entry));
      const known = keyFields.get(entry.key);
      const mine = cells(entry);
      if (known === undefined) keyFields.set(entry.key, mine);
      else
        known.forEach((cell, i) => {
          if (cell === "") known[i] = mine[i] ?? "";
        });
    }
  }
  const fieldNames = ["comment", "context", "max_length", "tags"];
  const used = fieldNames.map((_, i) => [...keyFields.values()].some((row) => row[i] !== ""));
  const names = new Map<string, string>();
  const kept: MetaValue[] = [];
  for (const meta of Object.values(options.fileMeta ?? {})) {
    const columnNames = meta.columnNames;
    if (columnNames !== null && typeof columnNames === "object" && !Array.isArray(columnNames)) {
      for (const [column, name] of Object.entries(columnNames)) {
        // A key column without a header stays so: the first column is the keys (guessTableColumns).
        const kept = typeof name === "string" && (name.trim() !== "" || column === "key");
        if (kept && !names.has(column)) names.set(column, name);
      }
    }
    if (Array.isArray(meta.trailingRows) && kept.length === 0) kept.push(...meta.trailingRows);
  }
  const named = (column: string) => names.get(column) ?? column;
  const header = [named("key"), ...codes.map(named), ...fieldNames.filter((_, i) => used[i]).map(named)];
  const tableRow = (cells: MetaValue): string[] =>
    Array.isArray(cells) ? cells.map((cell) => (typeof cell === "string" ? cell : "")) : [];
  const extras = new Map<string, { before: string[][]; extra: string[] }>();
  for (const code of codes) {
    for (const entry of languages[code] ?? []) {
      if (extras.has(entry.key) || entry.meta === undefined) continue;
      const before = Array.isArray(entry.meta.rowsBefore) ? entry.meta.rowsBefore.map(tableRow) : [];
      const extra = tableRow(entry.meta.extraCells ?? null);
      if (before.length > 0 || extra.length > 0) extras.set(entry.key, { before, extra });
    }
  }
  // A table cannot tell an empty string from a missing one, and a row with no text at all is
  // skipped on import: leave such keys out rather than write rows that read back as warnings.
  const rows = [...values]
    .filter(([, row]) => [...row.values()].some((value) => value !== ""))
    .flatMap(([key, row]) => {
      const kept = extras.get(key);
      const cells = [
        key,
        ...codes.map((code) => row.get(code) ?? ""),
        ...(keyFields.get(key) ?? []).filter((_, i) => used[i]),
      ];
      return [...(kept?.before ?? []), kept && kept.extra.length > 0 ? [...cells, ...kept.extra] : cells];
    });
  rows.push(...kept.map(tableRow));
  return { header, rows };
}
