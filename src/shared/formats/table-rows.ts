import { SKIP_DUPLICATE, SKIP_EMPTY_KEY, SKIP_NUMERIC, type SkipLog } from "./json-text.ts";
import { entryToValue } from "./plurals.ts";
import { chosenColumns, guessTableColumns, listColumns, type TableField } from "./table-columns.ts";
import {
  FormatError,
  type FormatMeta,
  type MetaValue,
  type ParsedFile,
  type ParseOptions,
  type SerializeOptions,
  type TranslationEntry,
} from "./types.ts";

/*
 * A table of translations, header row first and one row per key, as CSV and XLSX hold it: read
 * into entries per language column (`parseTable`) and written from them (`tableRows`). Each format
 * only turns its bytes into cells and back (csv.ts, xlsx.ts); the rules of which column is what
 * are table-columns.ts's.
 */

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
