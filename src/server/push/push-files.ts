import { formatForFileName, sniffXliffVersion } from "../../shared/formats/file-language.ts";
import { namespaceOfPath } from "../../shared/formats/file-namespace.ts";
import { guessProjectLanguage } from "../../shared/formats/project-file-language.ts";
import { FORMAT_IDS, type FormatId } from "../../shared/formats/types.ts";
import { readZipEntries, ZipDamagedError, ZipTooLargeError } from "../../shared/formats/zip-read.ts";
import { canonicalLanguage } from "../../shared/languages.ts";
import { AppError } from "../errors.ts";

/** What a zip may unpack to: the same cap as an Excel workbook's package (a zip bomb stops there). */
export const PUSH_ZIP_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/** One file of a push, with the language and format it is read as. */
export interface PushFile {
  name: string;
  bytes: Uint8Array;
  language: string;
  format: FormatId;
  /** See `namespaceOfPath`. */
  namespace: string;
}

const isFormatId = (value: string): value is FormatId => (FORMAT_IDS as readonly string[]).includes(value);

function formatOf(name: string, bytes: Uint8Array, asked: string | undefined): FormatId | undefined {
  if (asked !== undefined) {
    if (!isFormatId(asked)) {
      throw new AppError(
        "validation_failed",
        `format must be one of: ${FORMAT_IDS.join(", ")} (got ${JSON.stringify(asked)})`,
      );
    }
    return asked;
  }
  const guessed = formatForFileName(name);
  return guessed === "xliff" ? (sniffXliffVersion(bytes) ?? guessed) : guessed;
}

function languageOf(asked: string): string {
  const language = canonicalLanguage(asked);
  if (!language) throw new AppError("validation_failed", `Unknown language: ${asked}`);
  return language;
}

/**
 * The files a push reads: the upload itself, or each file of a `.zip` (folders and files that are
 * no format Sprog reads are skipped, each with its reason). A single file takes `language` and
 * `format` from the form, else from its name; a zip's files always from their names, as the
 * Import dialog guesses them. Refusals are 400s that change nothing.
 */
export function pushFilesOf(
  upload: { name: string; bytes: Uint8Array },
  asked: { language?: string | undefined; format?: string | undefined; namespace?: string | undefined },
  projectLanguages: readonly string[],
): { files: PushFile[]; skipped: string[] } {
  if (!upload.name.toLowerCase().endsWith(".zip")) {
    const format = formatOf(upload.name, upload.bytes, asked.format);
    if (!format) {
      throw new AppError(
        "validation_failed",
        `Error processing file: ${upload.name} is not a format Sprog reads; send its format in the format field`,
      );
    }
    const guessed = asked.language ?? guessProjectLanguage(upload.name, projectLanguages);
    if (guessed === undefined) {
      throw new AppError(
        "validation_failed",
        `language is required: the name ${upload.name} does not say which language the file holds`,
      );
    }
    const language = languageOf(guessed);
    const namespace = asked.namespace ?? namespaceOfPath(upload.name, language);
    return { files: [{ ...upload, format, language, namespace }], skipped: [] };
  }

  const files: PushFile[] = [];
  const skipped: string[] = [];
  for (const entry of unzip(upload.bytes)) {
    if (entry.name.endsWith("/")) continue;
    const format = formatOf(entry.name, entry.data, undefined);
    if (!format) {
      skipped.push(`Skipped ${entry.name}: not a format Sprog reads`);
      continue;
    }
    const language = guessProjectLanguage(entry.name, projectLanguages);
    if (language === undefined) {
      skipped.push(`Skipped ${entry.name}: its name does not say which language it holds`);
      continue;
    }
    const code = languageOf(language);
    const namespace = asked.namespace ?? namespaceOfPath(entry.name, code);
    files.push({ name: entry.name, bytes: entry.data, format, language: code, namespace });
  }
  if (files.length === 0) {
    throw new AppError(
      "validation_failed",
      `Error processing file: ${upload.name} holds no file Sprog reads whose name says its language`,
    );
  }
  return { files, skipped };
}

function unzip(bytes: Uint8Array) {
  try {
    return readZipEntries(bytes, PUSH_ZIP_MAX_UNPACKED_BYTES);
  } catch (cause) {
    if (cause instanceof ZipTooLargeError) {
      throw new AppError(
        "validation_failed",
        `Error processing file: the zip unpacks to more than the ${PUSH_ZIP_MAX_UNPACKED_BYTES / 1024 / 1024} MB Sprog reads`,
      );
    }
    if (cause instanceof ZipDamagedError) {
      throw new AppError("validation_failed", "Error processing file: the zip is damaged or truncated");
    }
    throw cause;
  }
}
