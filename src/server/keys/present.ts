import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Selectable } from "kysely";
import type { Cell, KeyMetadata, KeyRow, MachineKind } from "../../shared/schemas/keys.ts";
import type { TranslationKeysTable } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import type { WrittenString } from "../strings/string-writer.ts";
import type { KeyMetaColumns, ListedRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/keys.ts): no raw row leaves the server. */

/** Rows folded between turns of the event loop (see {@link foldRows}). */
const ROWS_PER_TURN = 5000;

function tagsOf(tags: KeyMetaColumns["tags"]): string[] {
  return tags ?? [];
}

/** The API's metadata fields of a key row: only those that are set. */
export function keyMetadataOf(row: KeyMetaColumns): KeyMetadata {
  const tags = tagsOf(row.tags);
  return {
    ...(row.description ? { description: row.description } : {}),
    ...(row.context ? { context: row.context } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(row.max_length !== null ? { maxLength: row.max_length } : {}),
    ...(row.translatable === false ? { translatable: false as const } : {}),
    ...(row.value_type === "json" ? { valueType: "json" as const } : {}),
    ...(row.namespace ? { namespace: row.namespace } : {}),
  };
}

/**
 * Rows (one per key and language) → keys, each key's strings in the order of `languages`: the
 * database hands a key's rows over in no set order, and an answer should not change with it.
 * Yields to the event loop every few thousand rows: folding the 100,000 rows of a 50,000-key
 * project in one go held the server for a quarter second.
 */
export async function foldRows(rows: ListedRow[], languages: readonly string[]): Promise<KeyRow[]> {
  const rank = new Map(languages.map((code, index) => [code, index]));
  const byRank = (a: string, b: string) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
  const keys: KeyRow[] = [];
  let current: KeyRow | undefined;
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await yieldToEventLoop();
    if (current?.id !== row.id) {
      current = {
        id: row.id,
        key: row.key,
        createdAt: isoDate(row.created_at),
        ...keyMetadataOf(row),
        strings: {},
      };
      keys.push(current);
    }
    if (row.language_code !== null && row.value !== null && row.updated_at !== null) {
      current.strings[row.language_code] = presentCell(row.value, row.version, row.updated_at, row.machine);
    }
  }
  for (const key of keys) {
    const codes = Object.keys(key.strings);
    if (codes.length < 2 || codes.every((code, i) => i === 0 || byRank(codes[i - 1] ?? "", code) < 0))
      continue;
    key.strings = Object.fromEntries(codes.sort(byRank).map((code) => [code, key.strings[code] as Cell]));
  }
  return keys;
}

/** A string's cell as the Overview and reviews show it, from the columns a list query reads. */
export function presentCell(
  value: string,
  version: number | string | null,
  updatedAt: Date | string,
  machine?: MachineKind | null,
): Cell {
  return { value, version: Number(version), updatedAt: isoDate(updatedAt), ...(machine ? { machine } : {}) };
}

/** A string just written, as a cell of the answer and of the `string.updated` event. */
export function presentWrittenCell(written: WrittenString): Cell {
  return presentCell(written.value, written.version, written.updatedAt, written.machine);
}

/** A key just created, with the cells its creation wrote. */
export function presentCreatedKey(row: Selectable<TranslationKeysTable>, strings: KeyRow["strings"]): KeyRow {
  return { id: row.id, key: row.key, createdAt: isoDate(row.created_at), ...keyMetadataOf(row), strings };
}
