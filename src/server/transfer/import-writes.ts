import type { Kysely, Transaction } from "kysely";
import { qualifiedKey } from "../../shared/formats/file-namespace.ts";
import type { FormatId, FormatMeta } from "../../shared/formats/types.ts";
import type { DB } from "../db/schema.ts";
import { type HistoryOrigin, type StringChange, writeStrings } from "../strings/string-writer.ts";
import type { ImportedKeyMeta } from "./import-entries.ts";
import type { ParsedImport } from "./parse-import.ts";
import {
  insertMissingKeys,
  type KeyMetaRow,
  moveKeysToNamespace,
  selectKeyIds,
  selectKeysByName,
  updateKeyMeta,
  upsertFileMeta,
} from "./queries.ts";

type Db = Transaction<DB> | Kysely<DB>;

/**
 * Rows per statement of an import. Building one statement's parameters holds the server's thread
 * (50,000 strings: a third of a second); slices of this size let it answer other requests between
 * them, for a few more round trips inside the same transaction. Smaller slices cost the import
 * more than they give others: with 1,000 a 50,000-key JSON import took 11.2 s instead of 9.1 s.
 */
export const IMPORT_ROWS_PER_STATEMENT = 2_500;

function slices<T>(all: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let from = 0; from < all.length; from += IMPORT_ROWS_PER_STATEMENT) {
    out.push(all.slice(from, from + IMPORT_ROWS_PER_STATEMENT));
  }
  return out;
}

function keyMetaRow(key: string, meta: ImportedKeyMeta): KeyMetaRow {
  return {
    key,
    description: meta.description,
    context: meta.context,
    translatable: meta.translatable,
    max_length: meta.maxLength,
    tags: meta.tags,
    value_type: meta.valueType,
    meta: meta.meta,
    src: meta.fromSource,
  };
}

/**
 * Adds the keys the project lacks, numbered after its last position in the file's order, so an
 * export gives them back in that order (issue 15); keys it has keep their place. Two statements
 * a slice; each slice numbers after the one before, so the order holds across slices.
 *
 * A new key is inserted with what the file says about it (description, tags, the format's bag…):
 * updating it afterwards wrote every new key twice, and each of its indexes twice (a 50,000-key
 * ARB file: 2.7 s more).
 */
export async function insertKeysInFileOrder(
  trx: Db,
  projectId: string,
  keys: readonly string[],
  described?: { format: FormatId; keyMeta: ReadonlyMap<string, ImportedKeyMeta> },
  /** The file's namespace (file-namespace.ts): new keys go there; `""` (the default) matches any. */
  namespace = "",
): Promise<{ added: number; addedIds: string[]; idOf: Map<string, string>; qualified: string[] }> {
  const addedIds: string[] = [];
  // By the file's key names; the names the keys are kept under may differ (`namespace:key`).
  const idOf = new Map<string, string>();
  const storedOf = namespace === "" ? undefined : await namesInNamespace(trx, projectId, keys, namespace);
  const stored = (key: string) => storedOf?.get(key) ?? key;
  const fileKeyOf = new Map<string, string>();
  for (const key of keys) fileKeyOf.set(stored(key), key);
  for (const slice of slices(keys.map(stored))) {
    const metaRows: KeyMetaRow[] = [];
    for (const key of slice) {
      const meta = described?.keyMeta.get(fileKeyOf.get(key) ?? key);
      if (meta) metaRows.push(keyMetaRow(key, meta));
    }
    const format = described?.format ?? "";
    // One statement a slice: the keys the project has, and the others inserted. A re-import
    // (every key known) inserts nothing: one index probe a key, where an insert of every key
    // "on conflict do nothing" and a select after it took two statements and a probe each more.
    const rows = await insertMissingKeys(trx, projectId, slice, metaRows, { format, namespace });
    const fileKey = (key: string) => fileKeyOf.get(key) ?? key;
    for (const row of rows) {
      idOf.set(fileKey(row.key), row.id);
      if (row.added) addedIds.push(row.id);
    }
    // A key another import inserted meanwhile is in neither: it is there now.
    const raced = slice.filter((key) => !idOf.has(fileKey(key)));
    if (raced.length > 0) {
      const found = await selectKeyIds(trx, projectId, raced);
      for (const row of found) idOf.set(fileKey(row.key), row.id);
    }
  }
  const qualified = keys.filter((key) => stored(key) !== key);
  return { added: addedIds.length, addedIds, idOf, qualified };
}

/**
 * The names a namespace's file keys are kept under: the key of that name, if it is the
 * namespace's or the default's (which then moves into the namespace: a project's keys from before
 * its files were split are the default's); else `namespace:key`, when another namespace has the name.
 */
async function namesInNamespace(
  trx: Db,
  projectId: string,
  keys: readonly string[],
  namespace: string,
): Promise<Map<string, string>> {
  const qualified = keys.map((key) => qualifiedKey(namespace, key));
  const rows = await selectKeysByName(trx, projectId, [...keys, ...qualified]);
  const existing = new Map(rows.map((row) => [row.key, row]));
  const names = new Map<string, string>();
  const adopted: string[] = [];
  for (const key of keys) {
    const own = existing.get(qualifiedKey(namespace, key));
    const same = existing.get(key);
    if (own) names.set(key, own.key);
    else if (!same || same.namespace === namespace) names.set(key, key);
    else if (same.namespace === "") {
      names.set(key, key);
      adopted.push(same.id);
    } else names.set(key, qualifiedKey(namespace, key));
  }
  for (const slice of slices(adopted)) await moveKeysToNamespace(trx, slice, namespace);
  return names;
}

/**
 * What the file says about keys the project had. The source language's file overwrites what it
 * says (a description it leaves out stays); another language's file only fills what the key
 * lacks. The format's bag goes under the format's id, beside what other formats keep. Only keys
 * the file says something about are sent, so a plain JSON file costs nothing here.
 */
export async function writeKeyMeta(
  trx: Db,
  format: FormatId,
  keyMeta: ReadonlyMap<string, ImportedKeyMeta>,
  idOf: ReadonlyMap<string, string>,
  skip: ReadonlySet<string> = new Set(),
): Promise<void> {
  const rows = [...keyMeta].flatMap(([key, meta]) => {
    const id = idOf.get(key);
    return id && !skip.has(id) ? [{ ...keyMetaRow(key, meta), id }] : [];
  });
  // A change of type (text → list) or of the bag follows the newest file.
  for (const slice of slices(rows)) await updateKeyMeta(trx, format, slice);
}

/** The file-level metadata, per language: the newest file of a format and language replaces it. */
export async function writeFileMeta(
  trx: Db,
  projectId: string,
  format: FormatId,
  fileMeta: ReadonlyMap<string, FormatMeta>,
): Promise<void> {
  for (const [language, meta] of fileMeta) await upsertFileMeta(trx, projectId, format, language, meta);
}

/** Formats whose files say a string's state (PO fuzzy, XLIFF state, Android fuzzy="true"). */
const STATEFUL_FORMATS: ReadonlySet<FormatId> = new Set(["po", "xliff", "xliff2", "xml"]);

export interface WrittenImport {
  keysAdded: number;
  /** The keys this file added (a push tags them). */
  addedKeyIds: string[];
  /** Non-empty strings written, per language. */
  writtenByLanguage: Map<string, number>;
  /** The file's keys another namespace has: kept as `namespace:key` (see `namesInNamespace`). */
  qualified: string[];
}

/** What an import says of the keys it kept as `namespace:key`. */
export function qualifiedWarning(namespace: string, qualified: readonly string[]): string[] {
  if (qualified.length === 0) return [];
  const shown = qualified
    .slice(0, 3)
    .map((key) => `"${qualifiedKey(namespace, key)}"`)
    .join(", ");
  const more = qualified.length > 3 ? ` and ${(qualified.length - 3).toLocaleString("en")} more` : "";
  return [
    `${qualified.length.toLocaleString("en")} ${qualified.length === 1 ? "key is" : "keys are"} in another file of the project too: kept as ${shown}${more} in ${namespace}, and written back under ${qualified.length === 1 ? "its own name" : "their own names"}`,
  ];
}

/**
 * One parsed file into the project, inside the caller's transaction: its keys (new ones after the
 * others, in file order), what it says about them and the file, and its strings through the string
 * writer, so every change has its history row. The Import dialog and the push API both write
 * this way; only the history's origin and who did it differ.
 */
export async function writeParsedImport(
  trx: Db,
  projectId: string,
  format: FormatId,
  parsed: ParsedImport,
  meta: {
    origin: HistoryOrigin;
    userId: string | null;
    overwriteExisting: boolean;
    /** The file's namespace (file-namespace.ts); `""`, the default, when absent. */
    namespace?: string;
  },
): Promise<WrittenImport> {
  const described = { format, keyMeta: parsed.keyMeta };
  const { added, addedIds, idOf, qualified } = await insertKeysInFileOrder(
    trx,
    projectId,
    parsed.keys,
    described,
    meta.namespace,
  );
  await writeKeyMeta(trx, format, parsed.keyMeta, idOf, new Set(addedIds));
  await writeFileMeta(trx, projectId, format, parsed.fileMeta);
  const history = { origin: meta.origin, userId: meta.userId, keepState: !STATEFUL_FORMATS.has(format) };
  const writtenByLanguage = new Map<string, number>();
  for (const empty of [false, true]) {
    for (const changes of changeSlices(parsed.languages, projectId, idOf, empty)) {
      // An empty string in the file is kept as a value, but never empties a cell that has text.
      const rows = await writeStrings(trx, changes, {
        ...history,
        onlyIfEmpty: empty || !meta.overwriteExisting,
      });
      if (empty) continue;
      for (const row of rows)
        writtenByLanguage.set(row.language, (writtenByLanguage.get(row.language) ?? 0) + 1);
    }
  }
  return { keysAdded: added, addedKeyIds: addedIds, writtenByLanguage, qualified };
}

/**
 * The file's strings with their keys' ids, a slice at a time (empty values or the others): each
 * slice is one statement, and between statements the server answers other requests, where one
 * statement of 50,000 strings held its thread for a third of a second.
 */
function* changeSlices(
  languages: ParsedImport["languages"],
  projectId: string,
  idOf: ReadonlyMap<string, string>,
  empty: boolean,
): Generator<StringChange[]> {
  let slice: StringChange[] = [];
  for (const { code, keys, values, states } of languages) {
    for (let i = 0; i < keys.length; i++) {
      const value = values[i] ?? "";
      const keyId = idOf.get(keys[i] ?? "");
      if (!keyId || (value === "") !== empty) continue;
      slice.push({ keyId, projectId, language: code, value, state: states[i] ?? null });
      if (slice.length === IMPORT_ROWS_PER_STATEMENT) {
        yield slice;
        slice = [];
      }
    }
  }
  if (slice.length > 0) yield slice;
}
