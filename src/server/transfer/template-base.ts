import { createHash } from "node:crypto";
import type {
  FormatId,
  FormatMeta,
  MetaValue,
  ParsedFile,
  SerializeOptions,
  TranslationEntry,
} from "../../shared/formats/types.ts";
import { type EntriesRequest, type ExportRow, entriesOfRows } from "./export-entries.ts";
import type { CollectedImport } from "./import-entries.ts";

/**
 * What Sprog would write for an uploaded file's own content (issue 33): its strings and metadata
 * as the export's rows, as if just imported into an empty project, and a fingerprint per language
 * of those entries and file metadata. The import takes the fingerprints while it has the file
 * read (`parse-import.ts`); an export whose entries have the same fingerprint is the file itself,
 * and is answered with its bytes without reading it again (`format-jobs.ts`).
 */

/** The file's content as the export's rows, in its order. */
export function rowsOfCollected(collected: CollectedImport): ExportRow[] {
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

/** The file's entries per language, placeholders as the file wrote them. */
export function baseEntries(
  collected: CollectedImport,
  request: Omit<EntriesRequest, "placeholderFormat">,
): Record<string, TranslationEntry[]> {
  return entriesOfRows(rowsOfCollected(collected), { ...request, placeholderFormat: null });
}

/** The file metadata per language, as the database gives it back. */
export function baseFileMeta(collected: CollectedImport): Record<string, FormatMeta> {
  return Object.fromEntries([...collected.fileMeta].map(([code, meta]) => [code, storedOrder(meta)]));
}

/** Per language of the file: the fingerprint of its entries and file metadata. */
export function fileFingerprints(collected: CollectedImport, sourceLanguage: string): Record<string, string> {
  const languages = [...collected.strings].filter(([, strings]) => strings.size > 0).map(([code]) => code);
  const entries = baseEntries(collected, { sourceLanguage, languages });
  const fileMeta = baseFileMeta(collected);
  return Object.fromEntries(
    languages.map((code) => [code, fingerprintOf(entries[code] ?? [], fileMeta[code])]),
  );
}

/** One language's entries and file metadata, as a hash. */
export function fingerprintOf(
  entries: readonly TranslationEntry[],
  fileMeta: FormatMeta | undefined,
): string {
  const fingerprint = new EntriesFingerprint();
  fingerprint.add(entries);
  return fingerprint.end(fileMeta);
}

/**
 * `fingerprintOf` taken a batch of entries at a time: the hash of `JSON.stringify([entries,
 * fileMeta])`, fed the same text as it comes.
 */
export class EntriesFingerprint {
  private readonly hash = createHash("sha256").update("[[");
  private first = true;

  add(entries: readonly TranslationEntry[]): void {
    if (entries.length === 0) return;
    // One update per batch: the same bytes as entry by entry, a tenth of the calls' cost.
    const text = entries.map((entry) => JSON.stringify(entry)).join(",");
    this.hash.update(this.first ? text : `,${text}`);
    this.first = false;
  }

  end(fileMeta: FormatMeta | undefined): string {
    return this.hash.update(`],${JSON.stringify(fileMeta ?? {})}]`).digest("base64url");
  }
}

/**
 * A JSON object's keys in the order the database gives them back (jsonb keeps shorter keys
 * first, then by bytes), so the file's metadata compares and is written as the stored copy is.
 */
export function storedOrder<T extends MetaValue>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => storedOrder(item)) as T;
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort(
    (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  return Object.fromEntries(
    keys.map((key) => [key, storedOrder((value as Record<string, MetaValue>)[key] as MetaValue)]),
  ) as T;
}

/** The options a file's own writing decides, whatever the export asked. */
export type FileShape = Partial<Pick<SerializeOptions, "nested" | "pretty" | "indent" | "flattenPlurals">>;

/** What the file's own shape says of the options a request could set otherwise (JSON). */
export function shapeOf(format: FormatId, bytes: Uint8Array, parsed: ParsedFile): FileShape {
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
export function utf8Of(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
