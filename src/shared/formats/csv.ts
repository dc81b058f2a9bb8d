import Papa from "papaparse";
import { FORMAT_INFO } from "./format-info.ts";
import { decodeText, SkipLog } from "./json-text.ts";
import { parseTable, tableRows } from "./table-rows.ts";
import { type FormatDefinition, FormatError } from "./types.ts";

/**
 * CSV: one row per key, one column per language, the way spreadsheets hold translations.
 *
 * ```csv
 * key,en,de,comment
 * app.save,Save,Speichern,Button in the editor
 * ```
 *
 * Reading (the table rules are shared with XLSX, see `parseTable` in table-rows.ts): the first row is the header.
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
 * table has is kept for the export (see `tableRows` in table-rows.ts): the header's names (`fileMeta.columnNames`),
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
