import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** Completion counts as migration 0015 keeps them: a row of keys, then one a language. */
export interface CountsRow {
  language_code: string | null;
  keys: number;
  filled: number;
  filled_with_source: number;
}

/** A key's or a string's row on a branch of the chain: `at` is the branch's place, nearest first. */
interface BranchRowOf<T> {
  at: number;
  deleted: boolean;
  row: T;
}

/** What counts of a key: whether completion counts it at all. */
type KeyState = { counted: boolean } | undefined;

/**
 * What a branch changes in its project's completion counts: for each key the branch has rows of,
 * what it counts on the branch less what it counts on main. The branch's side is resolved here
 * from main's rows of those keys and the chain's own rows, as the views of migration 0039 resolve
 * it (the nearest branch's row of a key or string wins), rather than read through the views: a lookup per key there cost 60 ms for
 * a branch of 1,000 keys, in parallel with the Overview's other reads, where these flat reads of
 * rows by id cost a quarter of it.
 */
export async function selectBranchCountsDelta(
  db: Db,
  projectId: string,
  chain: readonly string[],
  source: string,
): Promise<CountsRow[]> {
  // Every row of the chain is a touched key's: the keys to compare are those of these rows.
  const [ownKeys, ownStrings] = await Promise.all([
    sql<{ id: string; branch_id: string; deleted: boolean; counted: boolean }>`
      select id, branch_id, deleted, translatable and value_type is null as counted from public.branch_keys
      where branch_id = any(${[...chain]}::uuid[])
    `.execute(db),
    sql<{ key_id: string; language_code: string; branch_id: string; deleted: boolean; filled: boolean }>`
      select key_id, language_code, branch_id, deleted, value <> '' as filled from public.branch_strings
      where branch_id = any(${[...chain]}::uuid[])
    `.execute(db),
  ]);
  const ids = [
    ...new Set([...ownKeys.rows.map((row) => row.id), ...ownStrings.rows.map((row) => row.key_id)]),
  ];
  if (ids.length === 0) return [];
  const [mainKeys, mainStrings] = await Promise.all([
    sql<{ id: string; counted: boolean }>`
      select id, translatable and value_type is null as counted from public.translation_keys
      where id = any(${ids}::uuid[]) and project_id = ${projectId}
    `.execute(db),
    sql<{ key_id: string; language_code: string }>`
      select key_id, language_code from public.translation_strings
      where key_id = any(${ids}::uuid[]) and value <> ''
    `.execute(db),
  ]);

  const main = {
    keys: new Map<string, KeyState>(mainKeys.rows.map((row) => [row.id, { counted: row.counted }])),
    filled: new Set(mainStrings.rows.map((row) => `${row.key_id}\u0000${row.language_code}`)),
  };
  const place = new Map(chain.map((id, index) => [id, index]));
  const nearest = <T>(into: Map<string, BranchRowOf<T>>, id: string, entry: BranchRowOf<T>) => {
    const found = into.get(id);
    if (!found || entry.at < found.at) into.set(id, entry);
  };
  const branchKeys = new Map<string, BranchRowOf<{ counted: boolean }>>();
  for (const row of ownKeys.rows) {
    nearest(branchKeys, row.id, { at: place.get(row.branch_id) ?? 0, deleted: row.deleted, row });
  }
  const branchStrings = new Map<string, BranchRowOf<{ filled: boolean }>>();
  for (const row of ownStrings.rows) {
    const cell = `${row.key_id}\u0000${row.language_code}`;
    nearest(branchStrings, cell, { at: place.get(row.branch_id) ?? 0, deleted: row.deleted, row });
  }

  const branch = {
    keys: new Map<string, KeyState>(
      ids.map((id) => {
        const own = branchKeys.get(id);
        if (!own) return [id, main.keys.get(id)];
        return [id, own.deleted ? undefined : { counted: own.row.counted }];
      }),
    ),
    filled: new Set<string>(),
  };
  // A key deleted on the branch hides main's strings too; they count for no key either way.
  for (const cell of main.filled) if (!branchStrings.has(cell)) branch.filled.add(cell);
  for (const [cell, own] of branchStrings) if (!own.deleted && own.row.filled) branch.filled.add(cell);

  const delta = new Map<string | null, CountsRow>();
  const add = (side: typeof main, sign: 1 | -1) => {
    const entry = (language: string | null) => {
      const found = delta.get(language) ?? {
        language_code: language,
        keys: 0,
        filled: 0,
        filled_with_source: 0,
      };
      delta.set(language, found);
      return found;
    };
    for (const state of side.keys.values()) if (state?.counted) entry(null).keys += sign;
    for (const cell of side.filled) {
      const at = cell.indexOf("\u0000");
      const key = cell.slice(0, at);
      if (!side.keys.get(key)?.counted) continue;
      const counts = entry(cell.slice(at + 1));
      counts.filled += sign;
      if (side.filled.has(`${key}\u0000${source}`)) counts.filled_with_source += sign;
    }
  };
  add(branch, 1);
  add(main, -1);
  return [...delta.values()];
}
