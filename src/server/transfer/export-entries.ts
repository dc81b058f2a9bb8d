import { valueToEntry } from "../../shared/formats/plurals.ts";
import type { FormatMeta, TranslationEntry } from "../../shared/formats/types.ts";
import { convertPlaceholders } from "../../shared/placeholders/convert.ts";
import type { PlaceholderFormat } from "../../shared/schemas/projects.ts";

/**
 * One key of an export as the query gives it. The JSON columns come as text on both drivers:
 * strings cost next to nothing to hand to the format worker, and are parsed there.
 */
export interface ExportRow {
  key: string;
  description: string | null;
  context: string | null;
  translatable: boolean;
  max_length: number | null;
  tags: string[];
  value_type: string | null;
  meta: FormatMeta | string | null;
  values: Record<string, string> | string;
  states: Record<string, string> | string | null;
}

export interface EntriesRequest {
  sourceLanguage: string;
  /** The languages to write, the source included when the format carries it. */
  languages: readonly string[];
  placeholderFormat: PlaceholderFormat | null;
}

/**
 * The rows as the format registry's entries, per language: every string there is (an empty one
 * too: empty is a value, missing is not), with its key's metadata, placeholders converted against
 * the source text, plurals given back to formats that have them.
 */
export function entriesOfRows(
  rows: readonly ExportRow[],
  request: EntriesRequest,
): Record<string, TranslationEntry[]> {
  const source = request.sourceLanguage;
  const languages: Record<string, TranslationEntry[]> = {};
  for (const code of request.languages) languages[code] = [];
  for (const row of rows) {
    const values = jsonOf<Record<string, string>>(row.values) ?? {};
    const states = jsonOf<Record<string, string>>(row.states) ?? {};
    const keyFields = keyFieldsOf(row);
    const reference = values[source];
    for (const code of request.languages) {
      const stored = values[code];
      if (stored === undefined) continue;
      const state = states[code];
      if (row.value_type === "json") {
        languages[code]?.push({ key: row.key, value: stored, ...keyFields, ...(state ? { state } : {}) });
        continue;
      }
      const value = request.placeholderFormat
        ? convertPlaceholders(stored, request.placeholderFormat, { reference: reference || stored })
        : stored;
      languages[code]?.push({ ...valueToEntry(row.key, value), ...keyFields, ...(state ? { state } : {}) });
    }
  }
  return languages;
}

/** A json column: node-postgres parses it, unless the query cast it to text. */
export function jsonOf<T>(value: T | string | null): T | undefined {
  if (value === null) return undefined;
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** The key's metadata as entry fields, only those it has (formats write what is there). */
function keyFieldsOf(row: ExportRow): Partial<TranslationEntry> {
  const fields: Partial<TranslationEntry> = {};
  if (row.description !== null && row.description !== "") fields.comment = row.description;
  if (row.context !== null && row.context !== "") fields.context = row.context;
  if (!row.translatable) fields.translatable = false;
  if (row.max_length !== null) fields.maxLength = row.max_length;
  if (row.tags.length > 0) fields.tags = row.tags;
  if (row.value_type === "json") fields.valueType = "json";
  const meta = jsonOf<FormatMeta>(row.meta);
  if (meta !== undefined && Object.keys(meta).length > 0) fields.meta = meta;
  return fields;
}
