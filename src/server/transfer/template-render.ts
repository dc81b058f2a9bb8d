import { formatById } from "../../shared/formats/registry.ts";
import type {
  FormatId,
  MetaValue,
  OutputFile,
  ParsedFile,
  ParseOptions,
  SerializeOptions,
  TranslationEntry,
} from "../../shared/formats/types.ts";
import type { EntriesRequest } from "./export-entries.ts";
import { type CollectedImport, collectImport } from "./import-entries.ts";
import {
  baseEntries,
  baseFileMeta,
  type FileShape,
  fingerprintOf,
  storedOrder,
  utf8Of,
} from "./template-base.ts";
import { mergeThreeWay } from "./three-way-merge.ts";

/**
 * An export rendered on the file it came from (issue 33). The uploaded file is the template: what
 * Sprog would write for the file's own content (the base) is compared with what it writes for the
 * project's content now (ours). Unchanged, the file itself is the answer, byte for byte; changed,
 * the changes from base to ours are merged into the file line by line (`three-way-merge.ts`), so
 * an edit of one string changes that entry's lines alone; where the file wrote a changed line its
 * own way, the result is read back and must say what ours says, or ours is the answer. The file's shape decides nested or flat JSON, its
 * indentation and i18next plural keys, whatever the request said.
 */

/** An uploaded file kept as the template of one file of an export. */
export interface TemplateInput {
  bytes: Uint8Array;
  /** The bytes' SHA-256 (hex), naming this upload. */
  sha256: string;
  /** How it was read when it was uploaded: its language, the project's source language, nesting. */
  parse: ParseOptions;
  /** Per language of the file, the fingerprint of its content when it was uploaded (template-base.ts). */
  fingerprints: Record<string, string>;
  /** What the file's writing says of the options a request could set otherwise (`shapeOf`). */
  shape: FileShape;
}

/** What the export of one group of languages writes, less the template. */
export interface TemplateRenderInput extends EntriesRequest {
  format: FormatId;
  options: SerializeOptions;
}

/**
 * The one file of `model` (the group's entries, as the export built them) in `template`'s bytes
 * when nothing changed since the upload: the fingerprints the import took (`template-base.ts`)
 * against the model's, no reading of the file. Undefined when anything differs, or when the file
 * has languages the export did not ask (a table's columns).
 */
export async function unchangedTemplate(
  model: Record<string, TranslationEntry[]>,
  template: TemplateInput,
  input: TemplateRenderInput,
  /** The model's fingerprint of a language, where the caller took it already. */
  taken?: (code: string) => string | undefined,
  /** The file's path, where the caller knows it. */
  path?: string,
): Promise<OutputFile[] | undefined> {
  const kept = Object.keys(template.fingerprints);
  if (kept.length === 0 || !kept.every((code) => input.languages.includes(code))) return undefined;
  for (const code of input.languages) {
    const entries = model[code] ?? [];
    const fingerprint = template.fingerprints[code];
    const now = taken?.(code) ?? fingerprintOf(entries, input.options.fileMeta?.[code]);
    if (fingerprint === undefined) {
      // A language the file does not have: the export must have nothing of it either.
      if (now !== fingerprintOf([], input.options.fileMeta?.[code])) return undefined;
      continue;
    }
    if (now !== fingerprint) return undefined;
  }
  if (path !== undefined) return [{ path, bytes: template.bytes }];
  const [file] = await formatById(input.format).serialize(emptyOf(model), input.options);
  return file ? [{ path: file.path, bytes: template.bytes }] : undefined;
}

/**
 * The files of `model` written on `template`. Formats that write one file per group only; where
 * anything is off (the template no longer reads, more than one file, binary text), the files are
 * written from the model as without one.
 */
export async function renderOnTemplate(
  model: Record<string, TranslationEntry[]>,
  template: TemplateInput,
  input: TemplateRenderInput,
): Promise<OutputFile[]> {
  const options: SerializeOptions = { ...input.options, ...template.shape };
  return mergeOnTemplate(await formatById(input.format).serialize(model, options), template, input);
}

/**
 * `ours` (the files of the project's entries, written in the template's shape) merged into the
 * template. `ours` where the merge cannot be made or is not right.
 */
export async function mergeOnTemplate(
  ours: OutputFile[],
  template: TemplateInput,
  input: TemplateRenderInput,
): Promise<OutputFile[]> {
  const read = await readTemplate(template, input);
  if (!read) return ours;
  const options: SerializeOptions = { ...input.options, ...template.shape };
  const [oursFile] = ours;
  if (read.text === undefined || ours.length !== 1 || !oursFile) return ours;
  const baseText = await read.baseText(options);
  if (baseText === undefined) return ours;
  const oursText = new TextDecoder().decode(oursFile.bytes);
  const merged = mergeThreeWay(read.text, baseText, oursText);
  if (!merged || merged.text === oursText) return ours;
  const bytes = new TextEncoder().encode(merged.text);
  // Where the file and ours changed the same lines, ours was taken there: the result is read back
  // and must say what ours says. Without such a place every change went where the file and the
  // base are the same line for line, and the file's other lines are its own content.
  if (
    merged.conflicts > 0 &&
    !(await readsTheSame(input.format, bytes, oursFile.bytes, template.parse, input.sourceLanguage))
  ) {
    return ours;
  }
  return [{ path: oursFile.path, bytes }];
}

/** A template read for rendering: its text, its shape, and Sprog's writing of its content. */
interface ReadTemplate {
  /** Undefined when it is not UTF-8 (UTF-16 files, workbooks): then it is only given back whole. */
  text: string | undefined;
  baseText(options: SerializeOptions): Promise<string | undefined>;
}

/**
 * Reading a file and writing its content again takes longer than the export itself (half a second
 * for 50,000 keys): the last few templates read are kept, by their bytes' hash and how they are
 * read, so a second export or pull of an edited project reads nothing again.
 */
const READ_CACHE = new Map<string, Promise<ReadTemplate | undefined>>();
const READ_CACHE_SIZE = 4;

function readTemplate(
  template: TemplateInput,
  input: TemplateRenderInput,
): Promise<ReadTemplate | undefined> {
  const key = JSON.stringify([
    template.sha256,
    template.parse,
    input.format,
    input.sourceLanguage,
    input.languages,
  ]);
  const cached = READ_CACHE.get(key);
  if (cached) {
    // Most recently used last.
    READ_CACHE.delete(key);
    READ_CACHE.set(key, cached);
    return cached;
  }
  const reading = readTemplateNow(template, input);
  READ_CACHE.set(key, reading);
  while (READ_CACHE.size > READ_CACHE_SIZE) READ_CACHE.delete(READ_CACHE.keys().next().value as string);
  return reading;
}

async function readTemplateNow(
  template: TemplateInput,
  input: TemplateRenderInput,
): Promise<ReadTemplate | undefined> {
  const format = formatById(input.format);
  let parsed: ParsedFile;
  try {
    parsed = await format.parse(template.bytes, template.parse);
  } catch {
    return undefined;
  }
  const collected = collectImport(parsed, input.format, input.sourceLanguage);
  const base = baseEntries(collected, input);
  const fileMeta = { ...input.options.fileMeta, ...baseFileMeta(collected) };
  const written = new Map<string, Promise<string | undefined>>();
  return {
    text: utf8Of(template.bytes),
    baseText(options) {
      const key = JSON.stringify([options.pretty, options.nested, options.flattenPlurals, options.indent]);
      let text = written.get(key);
      if (!text) {
        text = format
          .serialize(base, { ...options, fileMeta })
          .then((files) =>
            files.length === 1 && files[0] ? new TextDecoder().decode(files[0].bytes) : undefined,
          );
        written.set(key, text);
      }
      return text;
    },
  };
}

function emptyOf(model: Record<string, TranslationEntry[]>): Record<string, TranslationEntry[]> {
  return Object.fromEntries(Object.keys(model).map((code) => [code, []]));
}

/** Both files give the same keys, strings, key metadata and file metadata when imported. */
async function readsTheSame(
  formatId: FormatId,
  a: Uint8Array,
  b: Uint8Array,
  parse: ParseOptions,
  sourceLanguage: string,
): Promise<boolean> {
  const format = formatById(formatId);
  try {
    const [left, right] = await Promise.all([format.parse(a, parse), format.parse(b, parse)]);
    return (
      fingerprint(collectImport(left, formatId, sourceLanguage)) ===
      fingerprint(collectImport(right, formatId, sourceLanguage))
    );
  } catch {
    return false;
  }
}

/** What an import takes from a file, its objects' keys in one order (the file's order is its writing). */
function fingerprint(collected: CollectedImport): string {
  return JSON.stringify(
    storedOrder([
      collected.keys,
      [...collected.strings].map(([code, strings]) => [
        code,
        [...strings].map(([key, string]) => [key, { ...string }]),
      ]),
      [...collected.keyMeta].map(([key, meta]) => [key, { ...meta }]),
      [...collected.fileMeta],
    ] as MetaValue),
  );
}
