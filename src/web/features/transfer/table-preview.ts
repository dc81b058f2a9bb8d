import { Inflate } from "fflate";
import { csvPreview, tablePreview } from "../../../shared/formats/csv.ts";

/**
 * The header of a CSV or Excel table, read in the browser for the import dialog's column mapping
 * (issue 33): no upload, and the file is read only as far as its first rows. The server reads the
 * whole file again on import, with the same rules (`parseTable`); this is only what the dialog shows.
 */
export interface TablePreview {
  /** The first non-blank row, cells trimmed. */
  header: string[];
  /** The row after it (comment rows passed over); empty when there is none. */
  sample: string[];
}

/** The bytes of a CSV file the preview reads: its first rows are in there. */
const CSV_PREVIEW_BYTES = 1024 * 1024;
/** The most text of a workbook part the preview inflates. */
const XLSX_PART_CHARS = 8 * 1024 * 1024;
/** The rows of a worksheet the preview reads (blank and comment rows before the first key's). */
const XLSX_PREVIEW_ROWS = 50;

/**
 * The header and first row of a CSV or Excel file, or undefined when the browser cannot tell
 * (not a table, a damaged or old .xls workbook, an unusual package): the server then guesses the
 * columns from their names, and says so when it cannot.
 */
export async function readTablePreview(
  file: Blob,
  format: "csv" | "xlsx",
): Promise<TablePreview | undefined> {
  try {
    if (format === "csv") return csvPreview(csvStart(new Uint8Array(await file.arrayBuffer())));
    return xlsxPreview(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return undefined;
  }
}

/**
 * The start of a CSV file, cut after a line break so that no character is cut in two (a UTF-8
 * sequence never holds the byte 0x0A; UTF-16 is cut at a whole code unit).
 */
function csvStart(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= CSV_PREVIEW_BYTES) return bytes;
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16) return bytes.subarray(0, CSV_PREVIEW_BYTES);
  const end = bytes.lastIndexOf(0x0a, CSV_PREVIEW_BYTES);
  return bytes.subarray(0, end > 0 ? end + 1 : CSV_PREVIEW_BYTES);
}

interface ZipPart {
  method: number;
  start: number;
  size: number;
}

/** The parts of a zip package by name, from its central directory (no zip64: undefined). */
function zipParts(bytes: Uint8Array): Map<string, ZipPart> | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (u32(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) return undefined;
  const parts = new Map<string, ZipPart>();
  let at = u32(end + 16);
  const count = u16(end + 10);
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(at) !== 0x02014b50) return undefined;
    const method = u16(at + 10);
    const size = u32(at + 20);
    const nameLength = u16(at + 28);
    const local = u32(at + 42);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (local + 30 > bytes.length || u32(local) !== 0x04034b50) return undefined;
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + size > bytes.length) return undefined;
    parts.set(name, { method, start, size });
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
  }
  return parts;
}

/**
 * A part's text, inflated a piece at a time until `enough` says so (it is asked after each
 * piece) or XLSX_PART_CHARS are read: a worksheet's first rows without the rest of it.
 */
function partText(
  bytes: Uint8Array,
  part: ZipPart,
  enough: (text: string, pieceAt: number) => boolean = () => false,
): string {
  const packed = bytes.subarray(part.start, part.start + part.size);
  const decoder = new TextDecoder();
  if (part.method === 0) return decoder.decode(packed.subarray(0, XLSX_PART_CHARS));
  if (part.method !== 8) throw new Error(`compression method ${part.method}`);
  let text = "";
  let done = false;
  const inflater = new Inflate((piece, final) => {
    if (done) return;
    const pieceAt = text.length;
    text += decoder.decode(piece, { stream: !final });
    if (text.length >= XLSX_PART_CHARS || enough(text, pieceAt)) done = true;
  });
  const step = 16 * 1024;
  for (let at = 0; at < packed.length && !done; at += step) {
    inflater.push(packed.subarray(at, at + step), at + step >= packed.length);
  }
  return text;
}

/** XML text with its entities, and Excel's `_xHHHH_` escapes, undone. */
function xmlText(text: string): string {
  return text
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|(lt|gt|amp|quot|apos));/gi, (_, hex, decimal, name) => {
      if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
      if (decimal !== undefined) return String.fromCodePoint(Number(decimal));
      return { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" }[String(name).toLowerCase()] ?? "";
    })
    .replace(/_x([0-9a-f]{4})_/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** An attribute of an element's attribute text, with any namespace prefix (`r:id`). */
function attribute(attributes: string, name: string): string | undefined {
  const found = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attributes);
  return found === null ? undefined : xmlText(found[2] ?? found[3] ?? "");
}

/** The text of a shared or inline string: its runs' `<t>`, without phonetic guides. */
function stringItemText(xml: string): string {
  const visible = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, "");
  let text = "";
  for (const found of visible.matchAll(/<(?:\w+:)?t\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?t>)/g)) {
    text += xmlText(found[1] ?? "");
  }
  return text;
}

/** The worksheet the parser reads: the workbook's first, through the workbook's relationships. */
function firstSheetPath(bytes: Uint8Array, parts: Map<string, ZipPart>): string {
  const fallback = "xl/worksheets/sheet1.xml";
  const workbook = parts.get("xl/workbook.xml");
  const relations = parts.get("xl/_rels/workbook.xml.rels");
  if (workbook === undefined || relations === undefined) return fallback;
  const sheet = /<(?:\w+:)?sheet\b([^>]*)>/.exec(partText(bytes, workbook))?.[1];
  const id = sheet === undefined ? undefined : /\s[\w.-]+:id\s*=\s*"([^"]*)"/.exec(sheet)?.[1];
  for (const found of partText(bytes, relations).matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const attributes = found[1] ?? "";
    if (attribute(attributes, "Id") !== id) continue;
    const target = attribute(attributes, "Target") ?? "";
    const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
    const segments: string[] = [];
    for (const segment of path.split("/")) {
      if (segment === "..") segments.pop();
      else if (segment !== "." && segment !== "") segments.push(segment);
    }
    return segments.join("/");
  }
  return fallback;
}

/** `C7` → 2. */
function columnIndex(reference: string): number | undefined {
  const letters = /^([A-Z]+)\d*$/i.exec(reference)?.[1];
  if (letters === undefined) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

type RawCell = { shared: number } | { text: string };

/**
 * Whether `text` holds `wanted` matches of `pattern` (a global RegExp) yet, asked again as the
 * text grows: each call looks only past the last match.
 */
function holds(pattern: RegExp, wanted: number): (text: string) => boolean {
  let from = 0;
  let count = 0;
  return (text) => {
    pattern.lastIndex = from;
    for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
      from = pattern.lastIndex;
      if (++count >= wanted) return true;
    }
    return false;
  };
}

const ROW = /<(?:\w+:)?row\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g;
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g;
const VALUE = /<(?:\w+:)?v\b[^>]*>([\s\S]*?)<\/(?:\w+:)?v>/;
const STRING_ITEM = /<(?:\w+:)?si\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:\w+:)?si>)/g;

/** A worksheet row's cells as the parser gets them from exceljs: text, or a shared string's index. */
function rowCells(row: string): RawCell[] {
  const cells: RawCell[] = [];
  for (const cell of row.matchAll(new RegExp(CELL))) {
    const attributes = cell[1] ?? "";
    const body = cell[2] ?? "";
    const reference = attribute(attributes, "r");
    const index = (reference === undefined ? undefined : columnIndex(reference)) ?? cells.length;
    const value = xmlText(VALUE.exec(body)?.[1] ?? "");
    const type = attribute(attributes, "t") ?? "n";
    let raw: RawCell;
    if (type === "s") raw = { shared: Number(value) };
    else if (type === "inlineStr") raw = { text: stringItemText(body) };
    else if (type === "b") raw = { text: value === "" ? "" : value === "1" ? "true" : "false" };
    else if (type === "e") raw = { text: "" };
    else if (type === "n" && value !== "") raw = { text: String(Number(value)) };
    else raw = { text: value };
    while (cells.length < index) cells.push({ text: "" });
    cells[index] = raw;
  }
  return cells;
}

/** The first rows of the workbook's first worksheet as text, as exceljs gives the parser its cells. */
function xlsxPreview(bytes: Uint8Array): TablePreview | undefined {
  const parts = zipParts(bytes);
  if (parts === undefined) return undefined;
  const sheetPart = parts.get(firstSheetPath(bytes, parts));
  if (sheetPart === undefined) return undefined;
  const rowsRead = holds(new RegExp(ROW), XLSX_PREVIEW_ROWS);
  const sheet = partText(
    bytes,
    sheetPart,
    (text, pieceAt) => rowsRead(text) || /<\/(?:\w+:)?sheetData>/.test(text.slice(Math.max(0, pieceAt - 40))),
  );
  const rows = [...sheet.matchAll(new RegExp(ROW))]
    .slice(0, XLSX_PREVIEW_ROWS)
    .map((row) => rowCells(row[1] ?? ""));
  let needed = -1;
  for (const row of rows)
    for (const cell of row) if ("shared" in cell) needed = Math.max(needed, cell.shared);
  const shared: string[] = [];
  const stringsPart = parts.get("xl/sharedStrings.xml");
  if (needed >= 0 && stringsPart !== undefined) {
    const text = partText(bytes, stringsPart, holds(new RegExp(STRING_ITEM), needed + 1));
    for (const item of text.matchAll(new RegExp(STRING_ITEM))) {
      shared.push(stringItemText(item[1] ?? ""));
      if (shared.length > needed) break;
    }
  }
  const table = rows.map((row) =>
    Array.from(row, (cell) =>
      cell === undefined ? "" : "shared" in cell ? (shared[cell.shared] ?? "") : cell.text,
    ),
  );
  return tablePreview(table, "Excel");
}
