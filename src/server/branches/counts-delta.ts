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

/**
 * The touched keys whose counts may differ from main's: every key the branch has a key row of, and
 * a key it only wrote strings of if one of them is filled where main's is empty or the other way
 * round. A branch that rewords 900 texts changes no count: their main strings are looked up by
 * cell (900 rows) rather than read in every language (9,000).
 */
async function keysThatCount(
  db: Db,
  ownKeys: readonly { id: string }[],
  ownStrings: readonly { key_id: string; filled: string[]; emptied: string[] }[],
): Promise<string[]> {
  const keyed = new Set(ownKeys.map((row) => row.id));
  const cells = ownStrings
    .filter((row) => !keyed.has(row.key_id))
    .flatMap((row) => [
      ...row.filled.map((language) => ({ key: row.key_id, language, filled: true })),
      ...row.emptied.map((language) => ({ key: row.key_id, language, filled: false })),
    ]);
  if (cells.length === 0) return [...keyed];
  const onMain = await sql<{ key_id: string; language_code: string }>`
    select s.key_id, s.language_code from public.translation_strings s
    join unnest(${cells.map((c) => c.key)}::uuid[], ${cells.map((c) => c.language)}::text[]) as c(k, l)
      on s.key_id = c.k and s.language_code = c.l
    where s.value <> ''
  `.execute(db);
  const filledOnMain = new Set(onMain.rows.map((row) => `${row.key_id}\u0000${row.language_code}`));
  for (const cell of cells) {
    if (cell.filled !== filledOnMain.has(`${cell.key}\u0000${cell.language}`)) keyed.add(cell.key);
  }
  return [...keyed];
}

/**
 * What a branch changes in its project's completion counts: for each key the branch has rows of,
 * what it counts on the branch less what it counts on main. The branch's side is resolved here
 * from main's rows of those keys and the chain's own rows, as the views of migration 0039 resolve
 * it (the nearest branch's row of a key or string wins), rather than read through the views: a
 * lookup per key there cost 60 ms for a branch of 1,000 keys, in parallel with the Overview's other
 * reads. Strings come a key a row (its filled languages), so the work here follows the keys.
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
    sql<{ key_id: string; branch_id: string; filled: string[]; emptied: string[] }>`
      select key_id, branch_id,
        coalesce(array_agg(language_code) filter (where not deleted and value <> ''), '{}') as filled,
        coalesce(array_agg(language_code) filter (where deleted or value = ''), '{}') as emptied
      from public.branch_strings
      where branch_id = any(${[...chain]}::uuid[])
      group by key_id, branch_id
    `.execute(db),
  ]);
  const ids = await keysThatCount(db, ownKeys.rows, ownStrings.rows);
  if (ids.length === 0) return [];
  const [mainKeys, mainStrings] = await Promise.all([
    sql<{ id: string; counted: boolean }>`
      select id, translatable and value_type is null as counted from public.translation_keys
      where id = any(${ids}::uuid[]) and project_id = ${projectId}
    `.execute(db),
    sql<{ key_id: string; filled: string[] }>`
      select key_id, array_agg(language_code) as filled from public.translation_strings
      where key_id = any(${ids}::uuid[]) and value <> ''
      group by key_id
    `.execute(db),
  ]);

  // Farthest branch first, so that the nearest one's row of a key or a string is applied last.
  const place = new Map(chain.map((id, index) => [id, index]));
  const farthestFirst = <T extends { branch_id: string }>(rows: T[]) =>
    rows.sort((a, b) => (place.get(b.branch_id) ?? 0) - (place.get(a.branch_id) ?? 0));
  const mainCounted = new Map(mainKeys.rows.map((row) => [row.id, row.counted]));
  const branchCounted = new Map(mainCounted);
  for (const row of farthestFirst(ownKeys.rows)) branchCounted.set(row.id, !row.deleted && row.counted);
  const mainFilled = new Map(mainStrings.rows.map((row) => [row.key_id, new Set(row.filled)]));
  const branchFilled = new Map([...mainFilled].map(([id, filled]) => [id, new Set(filled)]));
  for (const row of farthestFirst(ownStrings.rows)) {
    const filled = branchFilled.get(row.key_id) ?? new Set<string>();
    for (const language of row.emptied) filled.delete(language);
    for (const language of row.filled) filled.add(language);
    branchFilled.set(row.key_id, filled);
  }

  const delta = new Map<string | null, CountsRow>();
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
  const add = (counted: Map<string, boolean>, filledOf: Map<string, Set<string>>, sign: 1 | -1) => {
    for (const id of ids) {
      if (!counted.get(id)) continue;
      entry(null).keys += sign;
      const filled = filledOf.get(id);
      if (!filled) continue;
      const withSource = filled.has(source);
      for (const language of filled) {
        const counts = entry(language);
        counts.filled += sign;
        if (withSource) counts.filled_with_source += sign;
      }
    }
  };
  add(branchCounted, branchFilled, 1);
  add(mainCounted, mainFilled, -1);
  return [...delta.values()];
}
