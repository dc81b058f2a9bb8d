import { formatById } from "../../shared/formats/registry.ts";
import {
  FormatError,
  type FormatId,
  type FormatMeta,
  InvalidJsonError,
  type ParsedFile,
  type ParseOptions,
} from "../../shared/formats/types.ts";
import { AppError } from "../errors.ts";
import { collectImport, type ImportedKeyMeta } from "./import-entries.ts";
import { type FileShape, fileFingerprints, shapeOf } from "./template-base.ts";

/** Reading an uploaded file (import, push, and a template's render): the format worker runs it. */

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
  /**
   * Per language of this file, what an export of it unchanged would hold (template-base.ts): kept
   * with the file as its template. Empty for several files merged into one import.
   */
  fingerprints: Record<string, string>;
  /** What the file's writing decides of its exports (template-base.ts `shapeOf`). */
  shape: FileShape;
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
    fingerprints: fileFingerprints(collected, input.sourceLanguage),
    shape: shapeOf(input.format, input.bytes, parsed),
    keys: collected.keys,
    languages,
    keyMeta: collected.keyMeta,
    fileMeta: collected.fileMeta,
    warnings: collected.warnings,
  };
}
