import Papa from "papaparse";
import { canonicalLanguage, LANGUAGES } from "../languages.ts";
import { FORMAT_INFO } from "./format-info.ts";
import { decodeText, SKIP_DUPLICATE, SKIP_EMPTY_KEY, SKIP_NUMERIC, SkipLog } from "./json.ts";
import { entryToValue } from "./plurals.ts";
import {
  type FormatDefinition,
  FormatError,
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
 * Reading (the table rules are shared with XLSX, see `parseTable`): the first row is the header;
 * it needs a `key` (or `id`) column; every column named by a language code (`de`, `pt_BR`, `iw`…)
 * is that language; a column `value` / `translation` / `text` is `options.language`; a column
 * `comment` / `description` / `context` / `note(s)` gives every entry of its row that comment; other
 * columns are ignored with a warning. An empty cell is "no text" (no entry), so empty strings do not
 * survive a CSV round trip. Rows with another cell count than the header are read (missing cells
 * are empty, extra cells dropped) with one warning listing them. Plural entries are written as ICU
 * messages and read back as such (the table has no plural forms).
 *
 * Bytes: UTF-8 (BOM dropped), UTF-16 with a BOM, or — when the bytes are not UTF-8 — Windows-1252
 * with a warning (old Excel "CSV" exports); `,`, `;` or tab separators (the one the header row uses most); quoted
 * cells with separators, quotes and line breaks; CRLF or LF. An unterminated quote (a truncated
 * file) is an error.
 *
 * Writing: one `translations.csv` for all languages: `key`, the source language first, the others
 * in the given order, then `comment` when some entry has one (the source language's comment wins).
 * UTF-8 with a BOM (so Excel detects the encoding) and CRLF line ends (RFC 4180).
 */

export const csvFormat: FormatDefinition = {
  id: "csv",
  label: FORMAT_INFO.csv.label,
  extensions: FORMAT_INFO.csv.extensions,
  async parse(bytes, options) {
    const log = new SkipLog();
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
    });
    const quoteError = result.errors.find((error) => error.type === "Quotes");
    if (quoteError !== undefined) {
      throw new FormatError(
        `Invalid CSV file: a quoted cell is not closed (row ${(quoteError.row ?? 0) + 1}); the file may be truncated. Please check the file format.`,
      );
    }
    return parseTable(result.data, options, log, "CSV");
  },
  async serialize(languages, options) {
    const { header, rows } = tableRows(languages, options);
    const csv = Papa.unparse({ fields: header, data: rows }, { newline: "\r\n", quotes: false });
    return [{ path: "translations.csv", bytes: new TextEncoder().encode(`\uFEFF${csv}\r\n`) }];
  },
};

/** The separator of the header row (`key,en,de`, `key;en;de`, `key\ten`): the most frequent of `,` `;` tab. */
function guessDelimiter(text: string): string {
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

const KEY_COLUMNS = new Set(["key", "keys", "id", "key name", "key_name", "string key"]);
const COMMENT_COLUMNS = new Set(["comment", "comments", "description", "context", "note", "notes"]);
const VALUE_COLUMNS = new Set(["value", "translation", "text"]);
const LOCALE_LIKE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/i;

/**
 * A table (header row first) → entries per language column. Shared by CSV and XLSX; `what` names
 * the format in messages. Cells are strings; rows may be ragged.
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
  const headerHelp = `The first row must be a header with a “key” column and one column per language code (for example: key,en,de).`;
  const exactKey = header.findIndex((cell) => cell.toLowerCase() === "key");
  const keyColumn =
    exactKey !== -1 ? exactKey : header.findIndex((cell) => KEY_COLUMNS.has(cell.toLowerCase()));
  if (keyColumn === -1) throw new FormatError(`This ${what} file has no “key” column. ${headerHelp}`);
  const commentColumn = header.findIndex((cell) => COMMENT_COLUMNS.has(cell.toLowerCase()));
  const columns: { index: number; language: string }[] = [];
  const ignored: string[] = [];
  header.forEach((cell, index) => {
    if (index === keyColumn || index === commentColumn) return;
    const lower = cell.toLowerCase();
    let language: string | undefined;
    if (VALUE_COLUMNS.has(lower)) language = options.language;
    else if (LOCALE_LIKE.test(cell)) language = canonicalLanguage(cell) ?? cell.replace(/_/g, "-");
    else language = LANGUAGES.find((known) => known.name.toLowerCase() === lower)?.code;
    if (language === undefined || columns.some((column) => column.language === language)) {
      ignored.push(cell === "" ? `column ${index + 1} (no header)` : `“${cell}”`);
    } else {
      columns.push({ index, language });
    }
  });
  if (columns.length === 0) throw new FormatError(`This ${what} file has no language columns. ${headerHelp}`);
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
  for (let r = firstRow + 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    if (isBlank(row)) continue;
    if (row.length !== header.length) ragged.push(r + 1);
    const key = (row[keyColumn] ?? "").trim();
    if (key === "") {
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
    const comment = commentColumn === -1 ? "" : (row[commentColumn] ?? "");
    let any = false;
    for (const column of columns) {
      const value = row[column.index] ?? "";
      if (value === "") continue;
      any = true;
      languages[column.language]?.push(comment === "" ? { key, value } : { key, value, comment });
    }
    if (!any) emptyRows++;
  }
  if (ragged.length > 0) {
    const shown =
      ragged.slice(0, 10).join(", ") + (ragged.length > 10 ? ` and ${ragged.length - 10} more` : "");
    log.note(
      `${ragged.length} row${ragged.length === 1 ? " has" : "s have"} a different number of cells than the header (${header.length}): row ${shown}. Missing cells were read as empty and extra cells were ignored.`,
    );
  }
  if (emptyRows > 0) {
    log.note(
      `${emptyRows} key${emptyRows === 1 ? " has" : "s have"} no text in any language column and ${emptyRows === 1 ? "was" : "were"} skipped.`,
    );
  }
  return { languages, warnings: log.messages() };
}

/** Languages → header and rows (`key`, source language first, the others, then `comment`). */
export function tableRows(
  languages: Record<string, readonly TranslationEntry[]>,
  options: Pick<SerializeOptions, "sourceLanguage">,
): { header: string[]; rows: string[][] } {
  const codes = Object.keys(languages).sort((a, b) =>
    a === options.sourceLanguage ? -1 : b === options.sourceLanguage ? 1 : 0,
  );
  const values = new Map<string, Map<string, string>>();
  const comments = new Map<string, string>();
  for (const code of codes) {
    for (const entry of languages[code] ?? []) {
      let row = values.get(entry.key);
      if (row === undefined) {
        row = new Map();
        values.set(entry.key, row);
      }
      if (!row.has(code)) row.set(code, entryToValue(entry));
      if (entry.comment !== undefined && entry.comment !== "" && !comments.has(entry.key)) {
        comments.set(entry.key, entry.comment);
      }
    }
  }
  const withComments = comments.size > 0;
  const header = ["key", ...codes, ...(withComments ? ["comment"] : [])];
  const rows = [...values].map(([key, row]) => [
    key,
    ...codes.map((code) => row.get(code) ?? ""),
    ...(withComments ? [comments.get(key) ?? ""] : []),
  ]);
  return { header, rows };
}
