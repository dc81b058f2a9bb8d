import { entryToValue } from "../../shared/formats/plurals.ts";
import type { FormatId, FormatMeta, ParsedFile, TranslationEntry } from "../../shared/formats/types.ts";
import { canonicalLanguage, languageName } from "../../shared/languages.ts";
import { importedKeyNameSchema, VALUE_MAX } from "../../shared/schemas/keys.ts";
import { AppError } from "../errors.ts";
import { textFaultIn } from "../http/validate.ts";

/** A string of the file, as it will be written. */
export interface ImportedString {
  value: string;
  state: string | null;
}

/** What the file says about a key besides its strings (null: the file does not say). */
export interface ImportedKeyMeta {
  description: string | null;
  context: string | null;
  translatable: boolean | null;
  maxLength: number | null;
  tags: string[] | null;
  valueType: string | null;
  meta: FormatMeta | null;
  /** Said by the source language's entries, which overwrite what the key had; others only fill. */
  fromSource: boolean;
}

export interface CollectedImport {
  /** Language → key → string, keys in file order. */
  strings: Map<string, Map<string, ImportedString>>;
  /** Every key of the file once, in file order (the first language that has it decides). */
  keys: string[];
  /** Only keys the file says something about. */
  keyMeta: Map<string, ImportedKeyMeta>;
  /** Language → the file-level metadata to keep. */
  fileMeta: Map<string, FormatMeta>;
  warnings: string[];
}

/**
 * XLIFF keys are unit ids, which are often numbers (Angular), and a PO key is its msgid, the source
 * text, which may be a number (`msgid "0"`): there they are real keys.
 */
const NUMERIC_KEYS_ALLOWED: ReadonlySet<FormatId> = new Set(["xliff", "xliff2", "po"]);
/**
 * Formats that carry every key's source text, where an empty translation means "not translated"
 * (gettext's empty msgstr, an empty XLIFF target): their export writes it back for every key the
 * language lacks, so storing it would only turn missing strings into empty ones.
 */
const EMPTY_MEANS_MISSING: ReadonlySet<FormatId> = new Set(["po", "xliff", "xliff2"]);

/**
 * The parsed file as rows to write: keys checked (numeric-only skipped as the spec says, except
 * where the format's ids are numbers), values (plurals as ICU), states, key metadata and file
 * metadata. Empty values are kept: an empty string in a file is a value (issue 15), though it
 * counts as missing like any empty cell.
 */
export function collectImport(parsed: ParsedFile, format: FormatId, sourceLanguage: string): CollectedImport {
  const warnings = [...parsed.warnings];
  const strings = new Map<string, Map<string, ImportedString>>();
  const keyMeta = new Map<string, ImportedKeyMeta>();
  const keys = new Set<string>();
  const fileMeta = new Map<string, FormatMeta>();
  const skipped = new Set<string>();
  const rawOf = new Map<string, string>();
  for (const [rawCode, entries] of Object.entries(parsed.languages)) {
    const code = canonicalLanguage(rawCode) ?? baseLanguageOf(rawCode, parsed.languages);
    if (!code || (rawOf.has(code) && rawOf.get(code) !== rawCode)) {
      warnings.push(`Skipped the strings of ${rawCode}: not a language Sprog knows`);
      continue;
    }
    rawOf.set(code, rawCode);
    if (canonicalLanguage(rawCode) === undefined) {
      warnings.push(
        `Imported the strings of ${rawCode} as ${languageName(code)} (${code}): Sprog has no ${rawCode}`,
      );
    }
    const meta = parsed.fileMeta?.[rawCode];
    if (meta && Object.keys(meta).length > 0) fileMeta.set(code, meta);
    const byKey = strings.get(code) ?? new Map<string, ImportedString>();
    for (const entry of entries) {
      const reason = skipReason(entry.key, format);
      if (reason) {
        // A key skipped in one language is skipped in all: say it once.
        if (!skipped.has(entry.key)) warnings.push(reason);
        skipped.add(entry.key);
        continue;
      }
      keys.add(entry.key);
      mergeKeyMeta(keyMeta, entry, code === sourceLanguage);
      const value = entryToValue(entry);
      checkText(entry, value);
      if (value === "" && EMPTY_MEANS_MISSING.has(format)) continue;
      byKey.set(entry.key, { value, state: entry.state ?? null });
    }
    strings.set(code, byKey);
  }
  return { strings, keys: [...keys], keyMeta, fileMeta, warnings };
}

/**
 * A regional code Sprog's catalogue lacks (`ja-JP`, `ko_KR`) as its base language, as a file's
 * name is read (`de-DE.json` is German), unless the file has that base language itself or another
 * region of it: then the strings would land on one another, and they are skipped.
 */
function baseLanguageOf(rawCode: string, languages: Record<string, unknown>): string | undefined {
  const [primary = "", ...rest] = rawCode.trim().split(/[-_]/);
  if (rest.length === 0) return undefined;
  const base = canonicalLanguage(primary);
  if (!base) return undefined;
  const siblings = Object.keys(languages).filter(
    (other) =>
      other !== rawCode &&
      (canonicalLanguage(other) ?? canonicalLanguage(other.split(/[-_]/)[0] ?? "")) === base,
  );
  return siblings.length === 0 ? base : undefined;
}

/**
 * The same limits as a string typed in the editor: a file must not be a way around them. One
 * value over the limit refuses the whole file (nothing is written), naming the key to fix.
 */
function checkText(entry: TranslationEntry, value: string) {
  if (value.length > VALUE_MAX) {
    throw new AppError(
      "validation_failed",
      `Error processing file: the text of "${entry.key}" is ${value.length.toLocaleString("en")} characters long; the limit is ${VALUE_MAX.toLocaleString("en")}`,
    );
  }
  const texts = [entry.key, value, entry.comment, entry.context, entry.tags, entry.meta];
  const fault = textFaultIn(texts)?.fault;
  if (fault) {
    throw new AppError(
      "validation_failed",
      `Error processing file: the text of "${entry.key.replace(/\p{Cs}/gu, "\uFFFD")}" contains ${fault.what}`,
    );
  }
}

function skipReason(key: string, format: FormatId): string | undefined {
  if (/^\d+$/.test(key) && !NUMERIC_KEYS_ALLOWED.has(format)) {
    return `Skipped key "${key}": numeric-only keys are not imported`;
  }
  const checked = importedKeyNameSchema.safeParse(key);
  if (!checked.success) return `Skipped key "${key.slice(0, 80)}": ${checked.error.issues[0]?.message}`;
  return undefined;
}

function keyMetaOf(entry: TranslationEntry, fromSource: boolean): ImportedKeyMeta | undefined {
  const meta: ImportedKeyMeta = {
    description: entry.comment !== undefined && entry.comment !== "" ? entry.comment : null,
    context: entry.context !== undefined && entry.context !== "" ? entry.context : null,
    translatable: entry.translatable ?? null,
    maxLength: entry.maxLength ?? null,
    tags: entry.tags && entry.tags.length > 0 ? entry.tags : null,
    valueType: entry.valueType ?? null,
    meta: entry.meta && Object.keys(entry.meta).length > 0 ? entry.meta : null,
    fromSource,
  };
  const says =
    meta.description !== null ||
    meta.context !== null ||
    meta.translatable !== null ||
    meta.maxLength !== null ||
    meta.tags !== null ||
    meta.valueType !== null ||
    meta.meta !== null;
  return says ? meta : undefined;
}

/** The source language's word wins; another language's fills what is still unsaid. */
function mergeKeyMeta(all: Map<string, ImportedKeyMeta>, entry: TranslationEntry, fromSource: boolean) {
  const next = keyMetaOf(entry, fromSource);
  if (!next) return;
  const before = all.get(entry.key);
  if (!before) {
    all.set(entry.key, next);
    return;
  }
  const [first, second] = fromSource && !before.fromSource ? [next, before] : [before, next];
  all.set(entry.key, {
    description: first.description ?? second.description,
    context: first.context ?? second.context,
    translatable: first.translatable ?? second.translatable,
    maxLength: first.maxLength ?? second.maxLength,
    tags: first.tags ?? second.tags,
    valueType: first.valueType ?? second.valueType,
    meta: first.meta ?? second.meta,
    fromSource: before.fromSource || fromSource,
  });
}
