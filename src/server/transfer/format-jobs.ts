import { formatById } from "../../shared/formats/registry.ts";
import {
  FormatError,
  type FormatId,
  type FormatMeta,
  InvalidJsonError,
  type OutputFile,
  type ParsedFile,
  type ParseOptions,
  type TranslationEntry,
} from "../../shared/formats/types.ts";
import { AppError } from "../errors.ts";
import { type EntriesRequest, type ExportRow, entriesOfRows } from "./export-entries.ts";
import { type ExportPage, rowsOfPage } from "./export-pages.ts";
import { collectImport, type ImportedKeyMeta } from "./import-entries.ts";
import { type DeflatedFile, deflateFile, zipFiles } from "./zip.ts";

/**
 * The CPU-heavy halves of import and export, with no database: the format worker runs them off
 * the server's event loop, and they run in-process where no worker is given (unit tests, tools).
 */

export interface ParseImportInput {
  format: FormatId;
  bytes: Uint8Array;
  options: ParseOptions;
  sourceLanguage: string;
}

/**
 * A collected import in flat arrays: strings of arrays cross a thread boundary several times
 * faster than a map of 50,000 small objects, and that copy is paid on the server's thread.
 */
export interface ParsedImport {
  /** Every key of the file once, in file order. */
  keys: string[];
  /** Per language (only those with strings), its keys in file order with their values and states. */
  languages: { code: string; keys: string[]; values: string[]; states: (string | null)[] }[];
  keyMeta: Map<string, ImportedKeyMeta>;
  fileMeta: Map<string, FormatMeta>;
  warnings: string[];
}

/** Parses and checks a file. Any refusal is an AppError with the message a person reads. */
export async function parseImport(input: ParseImportInput): Promise<ParsedImport> {
  let parsed: ParsedFile;
  try {
    parsed = await formatById(input.format).parse(input.bytes, input.options);
  } catch (error) {
    if (error instanceof FormatError) {
      // The spec's own text for bad JSON stands alone; other formats say what went wrong.
      const message =
        error instanceof InvalidJsonError ? error.message : `Error processing file: ${error.message}`;
      throw new AppError("validation_failed", message);
    }
    throw error;
  }
  const collected = collectImport(parsed, input.format, input.sourceLanguage);
  const languages: ParsedImport["languages"] = [];
  for (const [code, byKey] of collected.strings) {
    if (byKey.size === 0) continue;
    const keys: string[] = [];
    const values: string[] = [];
    const states: (string | null)[] = [];
    for (const [key, string] of byKey) {
      keys.push(key);
      values.push(string.value);
      states.push(string.state);
    }
    languages.push({ code, keys, values, states });
  }
  return {
    keys: collected.keys,
    languages,
    keyMeta: collected.keyMeta,
    fileMeta: collected.fileMeta,
    warnings: collected.warnings,
  };
}

export interface ExportInput extends EntriesRequest {
  format: FormatId;
  pretty: boolean;
  nested: boolean;
  flattenPlurals: boolean;
  fileMeta: Record<string, FormatMeta>;
  /** One zip of all the files (the export dialog, the pull API's every-language answer). */
  zip: boolean;
}

export type ExportOutput = { zip: Uint8Array } | { files: OutputFile[] } | { deflated: DeflatedFile[] };

/** Serializes the rows of an export with the format registry, zipped when asked. */
export async function exportFiles(rows: readonly ExportRow[], input: ExportInput): Promise<ExportOutput> {
  const files = await formatById(input.format).serialize(entriesOfRows(rows, input), {
    sourceLanguage: input.sourceLanguage,
    pretty: input.pretty,
    nested: input.nested,
    flattenPlurals: input.flattenPlurals,
    fileMeta: input.fileMeta,
  });
  return input.zip ? { zip: zipFiles(files) } : { files };
}

/**
 * The file (or files) of a few languages of an export, built from pages of rows as they come:
 * each page becomes entries at once, so only the entries of these languages are held, never the
 * rows of a whole project. Pages must come in export order; the files are what `exportFiles`
 * writes for the same languages, byte for byte.
 */
export class ExportCollector {
  private readonly entries: Record<string, TranslationEntry[]> = {};

  constructor(private readonly request: EntriesRequest) {
    for (const code of request.languages) this.entries[code] = [];
  }

  /** A page of `exportPages` (JSON text, parsed here) or rows. */
  add(page: ExportPage | readonly ExportRow[]): void {
    const rows = typeof page === "string" ? rowsOfPage(page) : page;
    const entries = entriesOfRows(rows, this.request);
    for (const [code, some] of Object.entries(entries)) {
      const all = this.entries[code];
      if (all) for (const entry of some) all.push(entry);
    }
  }

  /** Serialized, and deflated for a zip when asked (where the files are, off the server's thread). */
  async finish(input: FileGroupInput): Promise<ExportOutput> {
    const files = await formatById(input.format).serialize(this.entries, {
      sourceLanguage: input.sourceLanguage,
      pretty: input.pretty,
      nested: input.nested,
      flattenPlurals: input.flattenPlurals,
      fileMeta: input.fileMeta,
    });
    return input.deflate ? { deflated: files.map(deflateFile) } : { files };
  }
}

/** One group of an export's languages: one file each, or one for all (CSV, XLSX). */
export interface FileGroupInput extends Omit<ExportInput, "zip"> {
  /** Deflate each file for a zip (the export dialog's stream) instead of giving it whole. */
  deflate: boolean;
}
