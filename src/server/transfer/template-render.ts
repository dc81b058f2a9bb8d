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
import { type EntriesRequest, type ExportRow, entriesOfRows } from "./export-entries.ts";
import { type CollectedImport, collectImport } from "./import-entries.ts";
import { mergeThreeWay } from "./three-way-merge.ts";

/**
 * An export rendered on the file it came from (issue 33). The uploaded file is the template: what
 * Sprog would write for the file's own content (the base) is compared with what it writes for the
 * project's content now (ours). Unchanged, the file itself is the answer, byte for byte; changed,
 * the changes from base to ours are merged into the file line by line (`three-way-merge.ts`), so
 * an edit of one string changes that entry's lines alone, and the result is read back and must say
 * what ours says, or ours is the answer. The file's shape decides nested or flat JSON, its
 * indentation and i18next plural keys, whatever the request said.
 */

/** An uploaded file kept as the template of one file of an export. */
export interface TemplateInput {
  bytes: Uint8Array;
  /** How it was read when it was uploaded: its language, the project's source language, nesting. */
  parse: ParseOptions;
}

/** What the export of one group of languages writes, less the template. */
export interface TemplateRenderInput extends EntriesRequest {
  format: FormatId;
  options: SerializeOptions;
}

/**
 * The files of `model` (the group's entries, as the export built them) written on `template`.
 * Formats that write one file per group only; where anything is off (the template no longer
 * reads, more than one file, binary text), the files are written from the model as without one.
 */
export async function renderOnTemplate(
  model: Record<string, TranslationEntry[]>,
  template: TemplateInput,
  input: TemplateRenderInput,
): Promise<OutputFile[]> {
  const format = formatById(input.format);
  let parsed: ParsedFile;
  try {
    parsed = await format.parse(template.bytes, template.parse);
  } catch {
    return format.serialize(model, input.options);
  }
  const collected = collectImport(parsed, input.format, input.sourceLanguage);
  const options: SerializeOptions = {
    ...input.options,
    ...shapeOf(input.format, template.bytes, parsed),
  };
  const baseOptions: SerializeOptions = {
    ...options,
    fileMeta: {
      ...input.options.fileMeta,
      ...Object.fromEntries([...collected.fileMeta].map(([code, meta]) => [code, storedOrder(meta)])),
    },
  };
  // The file's own text, placeholders as it wrote them: a conversion the export asks is a change.
  const base = entriesOfRows(rowsOfCollected(collected), { ...input, placeholderFormat: null });
  const theirsText = utf8Of(template.bytes);
  // A table with columns the export did not ask is not the file asked for, however alike.
  const onlyAsked = [...collected.strings].every(
    ([code, strings]) => strings.size === 0 || input.languages.includes(code),
  );
  if (onlyAsked && sameFiles(base, baseOptions, model, options, input.languages)) {
    const [file] = await format.serialize(emptyOf(model), options);
    if (file) return [{ path: file.path, bytes: template.bytes }];
  }
  const ours = await format.serialize(model, options);
  const [oursFile] = ours;
  if (theirsText === undefined || ours.length !== 1 || !oursFile) return ours;
  const [baseFile] = await format.serialize(base, baseOptions);
  if (!baseFile) return ours;
  const oursText = new TextDecoder().decode(oursFile.bytes);
  const merged = mergeThreeWay(theirsText, new TextDecoder().decode(baseFile.bytes), oursText);
  if (!merged) return ours;
  if (merged.text === oursText) return ours;
  const bytes = new TextEncoder().encode(merged.text);
  // The merge keeps the file's writing; it must not change what the file says.
  if (!(await readsTheSame(input.format, bytes, oursFile.bytes, template.parse, input.sourceLanguage))) {
    return ours;
  }
  return [{ path: oursFile.path, bytes }];
}

/** The same entries and file metadata for every language written: the same file. */
function sameFiles(
  base: Record<string, TranslationEntry[]>,
  baseOptions: SerializeOptions,
  model: Record<string, TranslationEntry[]>,
  options: SerializeOptions,
  languages: readonly string[],
): boolean {
  for (const code of languages) {
    if (JSON.stringify(base[code] ?? []) !== JSON.stringify(model[code] ?? [])) return false;
    const before = baseOptions.fileMeta?.[code] ?? {};
    const now = options.fileMeta?.[code] ?? {};
    if (JSON.stringify(before) !== JSON.stringify(now)) return false;
  }
  return true;
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

/**
 * The file's content as the export's rows: the strings it holds with the key metadata it says,
 * in its order, as if it had just been imported into an empty project.
 */
function rowsOfCollected(collected: CollectedImport): ExportRow[] {
  return collected.keys.map((key) => {
    const meta = collected.keyMeta.get(key);
    const values: Record<string, string> = {};
    const states: Record<string, string> = {};
    for (const [code, strings] of collected.strings) {
      const string = strings.get(key);
      if (!string) continue;
      values[code] = string.value;
      if (string.state !== null) states[code] = string.state;
    }
    return {
      key,
      description: meta?.description ?? null,
      context: meta?.context ?? null,
      translatable: meta?.translatable ?? true,
      max_length: meta?.maxLength ?? null,
      tags: meta?.tags ?? [],
      value_type: meta?.valueType ?? null,
      meta: meta?.meta ? storedOrder(meta.meta) : null,
      values,
      states,
    };
  });
}

/**
 * A JSON object's keys in the order the database gives them back (jsonb keeps shorter keys
 * first, then by bytes), so the file's metadata compares and is written as the stored copy is.
 */
function storedOrder<T extends MetaValue>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => storedOrder(item)) as T;
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort(
    (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  return Object.fromEntries(
    keys.map((key) => [key, storedOrder((value as Record<string, MetaValue>)[key] as MetaValue)]),
  ) as T;
}

/** What the file's own shape says of the options a request could set otherwise (JSON). */
function shapeOf(format: FormatId, bytes: Uint8Array, parsed: ParsedFile): Partial<SerializeOptions> {
  if (format !== "json" && format !== "arb") return {};
  const text = utf8Of(bytes) ?? "";
  const indent = /\n([ \t]+)"/.exec(text)?.[1];
  if (format === "arb") return indent ? { indent } : {};
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return {};
  }
  const values = data && typeof data === "object" ? Object.values(data) : [];
  return {
    nested: values.some((value) => value !== null && typeof value === "object" && !Array.isArray(value)),
    pretty: /\n/.test(text.trim()),
    ...(indent ? { indent } : {}),
    flattenPlurals: Object.values(parsed.languages).some((entries) =>
      entries.some((entry) => entry.plurals !== undefined),
    ),
  };
}

/** The template as text, BOM kept; undefined when it is not UTF-8 (UTF-16 files, workbooks). */
function utf8Of(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
