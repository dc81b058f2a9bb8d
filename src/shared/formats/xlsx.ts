import type * as ExcelJS from "exceljs";
import { zipSync } from "fflate";
import { FORMAT_INFO } from "./format-info.ts";
import { SkipLog } from "./json-text.ts";
import { parseTable, tableRows } from "./table-rows.ts";
import { type FormatDefinition, FormatError } from "./types.ts";
import { readZipEntries, ZipDamagedError, ZipTooLargeError } from "./zip-read.ts";

/**
 * Excel workbooks (.xlsx): the CSV table (see `parseTable` in table-rows.ts) in the first worksheet.
 *
 * What it keeps: as CSV, rows in order, non-empty values, and the key's `comment`, `context`,
 * `max_length` and `tags` columns; an empty cell is "not translated". Which column is what is
 * guessed from the header, or chosen in the import dialog (`options.columns`), as for CSV; the
 * header's names, comment rows and cells past the header come back on export.
 *
 * Reading: cells become text (rich text and hyperlinks by their text, numbers and booleans as
 * written, dates as ISO dates, formulas by their cached result, with one warning for formulas and
 * error cells). Old binary Excel files (.xls, BIFF/OLE2) cannot be read by the Excel library Sprog
 * uses: they get an error asking to save the workbook as .xlsx. Anything that is not a zip
 * package is refused; a package that unpacks to more than MAX_UNPACKED_BYTES (zip bomb) too,
 * counted while inflating (see zip-read.ts), never taken from the sizes the zip claims.
 *
 * Writing: one `translations.xlsx`, sheet "Translations", bold frozen header row, every cell a
 * text cell (a value starting with `=` stays text, never a formula). Characters the sheet's XML
 * cannot hold as themselves (CR, other control characters, unpaired surrogates) are written as
 * Excel's `_xHHHH_` escapes (see `xstring`), so every string reads back exactly as written.
 *
 * exceljs is loaded on first use (it is large and, in Node, pulls in Node built-ins itself).
 */

/** The most a workbook may unpack to: the bytes really inflated, all entries together. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

type ExcelModule = typeof ExcelJS;

async function loadExcel(): Promise<ExcelModule> {
  const module = (await import("exceljs")) as ExcelModule & { default?: ExcelModule };
  return module.default ?? module;
}

/**
 * The workbook's zip, unpacked under the size limit and packed again without compression: exceljs
 * (through JSZip) then reads exactly the bytes that were counted, whatever the original zip's
 * headers say and however its reader would have walked them.
 */
function unpackChecked(bytes: Uint8Array): Uint8Array {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    throw new FormatError(
      "This is an old Excel workbook (.xls), which Sprog cannot read. Open it in Excel or LibreOffice, save it as Excel Workbook (.xlsx) or CSV UTF-8, and import that file.",
    );
  }
  if (!starts(0x50, 0x4b, 0x03, 0x04)) {
    throw new FormatError("This file is not an Excel workbook (.xlsx). Please check the file format.");
  }
  const limitMb = MAX_UNPACKED_BYTES / 1024 / 1024;
  try {
    const files: Record<string, Uint8Array> = Object.create(null);
    for (const entry of readZipEntries(bytes, MAX_UNPACKED_BYTES)) files[entry.name] = entry.data;
    return zipSync(files, { level: 0 });
  } catch (cause) {
    if (cause instanceof ZipTooLargeError) {
      throw new FormatError(
        cause.declared === undefined
          ? `This Excel workbook unpacks to more than the ${limitMb} MB Sprog reads.`
          : `This Excel workbook unpacks to ${Math.round(cause.declared / 1024 / 1024)} MB, more than the ${limitMb} MB Sprog reads.`,
      );
    }
    if (cause instanceof ZipDamagedError) {
      throw new FormatError("This Excel workbook is damaged or truncated (its zip package cannot be read).");
    }
    throw cause;
  }
}

/**
 * What cell text cannot hold as itself in the sheet's XML: a CR (every XML parser reads a raw CR
 * as LF, so `\r=1+1` came back as `\n=1+1`), the other C0 controls and DEL (exceljs drops them
 * when writing), U+FFFE/U+FFFF and unpaired surrogates (not XML characters at all: the workbook
 * could not be opened, or the text came back as U+FFFD), and an underscore that starts something
 * shaped like the escape below (the text `_x000D_` would read back as a CR).
 */
const NOT_XML_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
  /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|_(?=x[0-9A-Fa-f]{4}_)/g;

/**
 * Cell text as OOXML escapes such characters (ST_Xstring, ECMA-376 Part 1 §22.9.2.19): `_xHHHH_`,
 * with an underscore of the text as `_x005F_`. Excel writes a CR in a cell that way too, and
 * exceljs decodes `_xHHHH_` when reading, so every UTF-16 string reads back as written.
 */
function xstring(text: string): string {
  return text.replace(
    NOT_XML_TEXT,
    (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`,
  );
}

function cellText(value: ExcelJS.CellValue, onFormula: () => void, onError: () => void): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, "");
  if ("richText" in value) return value.richText.map((run) => run.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    onFormula();
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || typeof result === "object") return "";
    return String(result);
  }
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : "";
  if ("error" in value) {
    onError();
    return "";
  }
  return "";
}

export const xlsxFormat: FormatDefinition = {
  id: "xlsx",
  label: FORMAT_INFO.xlsx.label,
  extensions: FORMAT_INFO.xlsx.extensions,
  async parse(bytes, options) {
    const zip = unpackChecked(bytes);
    const Excel = await loadExcel();
    const workbook = new Excel.Workbook();
    const data = zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength);
    try {
      await workbook.xlsx.load(data as unknown as Parameters<ExcelJS.Xlsx["load"]>[0]);
    } catch (cause) {
      const detail = cause instanceof Error ? ` (${cause.message})` : "";
      throw new FormatError(`This Excel workbook cannot be read${detail}. Please check the file format.`);
    }
    const sheet = workbook.worksheets[0];
    if (sheet === undefined) throw new FormatError("This Excel workbook has no worksheet.");
    const log = new SkipLog();
    let formulas = 0;
    let errors = 0;
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: string[] = [];
      for (let column = 1; column <= row.cellCount; column++) {
        cells.push(
          cellText(
            row.getCell(column).value,
            () => formulas++,
            () => errors++,
          ),
        );
      }
      rows[rowNumber - 1] = cells;
    });
    for (let i = 0; i < rows.length; i++) rows[i] ??= [];
    if (formulas > 0)
      log.note(
        `${formulas} cell${formulas === 1 ? " holds a formula; its" : "s hold formulas; their"} last computed value was read.`,
      );
    if (errors > 0)
      log.note(
        `${errors} cell${errors === 1 ? " holds" : "s hold"} an Excel error (#N/A, #REF!…) and ${errors === 1 ? "was" : "were"} read as empty.`,
      );
    if (workbook.worksheets.length > 1) {
      log.note(
        `Only the first worksheet (“${sheet.name}”) was read; the workbook has ${workbook.worksheets.length}.`,
      );
    }
    return parseTable(rows, options, log, "Excel");
  },
  async serialize(languages, options) {
    const Excel = await loadExcel();
    const { header, rows } = tableRows(languages, options);
    const workbook = new Excel.Workbook();
    workbook.creator = "Sprog";
    const sheet = workbook.addWorksheet("Translations", { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.addRow(header.map(xstring)).font = { bold: true };
    for (const row of rows) sheet.addRow(row.map(xstring));
    sheet.columns.forEach((column, index) => {
      column.width = index === 0 ? 40 : 50;
    });
    const buffer = await workbook.xlsx.writeBuffer();
    const bytes = new Uint8Array(buffer.byteLength);
    bytes.set(new Uint8Array(buffer as unknown as ArrayBuffer));
    return [{ path: "translations.xlsx", bytes }];
  },
};
