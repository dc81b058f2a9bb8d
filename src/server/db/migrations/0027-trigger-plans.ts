import { type Kysely, sql } from "kysely";
import {
  FRESH_MARK,
  keysDeletedNow,
  newCells,
  noKeys,
  oldCells,
  stringsCountStatement,
} from "./0015-language-counts.ts";
import { REFRESH_INSERT, REFRESH_READS, SEARCH_TEXT_TRIGGERS } from "./0026-key-search-texts.ts";

/**
 * Statement triggers whose cost follows the rows they have, not the tables (issue 31).
 *
 * - PL/pgSQL keeps a statement's plan for the connection, made when the statement first ran, and
 *   the plan of a statement that reads a transition table assumes that run's number of rows. The
 *   strings' triggers of the completion counts (0015) and of the search texts (0026) join their
 *   rows to each other: on a connection whose first string write was a cell save, a plan for one
 *   row (nested loops) then served an import slice of 2,500 strings or the deletion of a language,
 *   and 20,000 strings in one statement took 53 s instead of 0.9 s. Now a trigger with more than
 *   FEW_ROWS rows runs its statement with EXECUTE, planned for them; a few rows keep the kept plan,
 *   which was made for a few, so a cell save is not planned anew each time.
 * - Planned for thousands of rows, the counts read every string of the database in a merge join
 *   (0.2 s per import slice once a few imports were in). A key's cells are now read one key at a
 *   time through the index (`lookupsPerKey`), whatever the statistics say.
 * - The search texts' refresh reaches the rows it locked by their places (ctid) in a TID scan.
 *   0026 joined them to the table on `ctid`, and when the table's statistics were behind (a large
 *   import not yet analyzed) PostgreSQL hashed the whole table to find them: each cell save read
 *   every text of the project (12 ms for 50,000 keys, most of a save while an import ran). The
 *   refresh reads by index and joins by hash only: PostgreSQL 18 keeps a SQL function's plans too,
 *   and its plan for any number of keys joined 20,000 rewritten keys to 20,000 fresh ones in nested
 *   loops; planned for each call instead, it read the tables whole.
 */
const FEW_ROWS = 100;

/**
 * A plan for thousands of rows costs enough for JIT compilation (on a server that has it, as
 * Debian's PostgreSQL 15 does): 97 functions compiled for each import slice, longer than running
 * them. The triggers' statements read a key's rows through indexes; nothing is gained by compiling.
 */
const NO_JIT = "set jit = off";

/** PL/pgSQL: `statement` (static), or the same text run with EXECUTE when `rows` has many rows. */
function plannedForItsRows(
  rows: string,
  statement: string,
  dynamic: { text: string; using?: string },
): string {
  return `if (select count(*) from ${rows}) <= ${FEW_ROWS} then
    ${statement};
  else
    execute ${quote(dynamic.text)}${dynamic.using ? ` using ${dynamic.using}` : ""};
  end if;`;
}

/** A PostgreSQL string literal (dollar quotes would clash with the function body's own). */
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** 0015's strings trigger function, its statement planned for the rows in `rows`. */
export function countsTrigger(
  name: string,
  rows: "new_rows" | "old_rows",
  changes: string,
  deletedKeys: string,
  options: { fresh: boolean },
) {
  const statement = stringsCountStatement(
    changes,
    deletedKeys,
    options.fresh ? { xid: "this_xid", cid: "this_cid" } : undefined,
    { lookupsPerKey: true },
  );
  const dynamic = stringsCountStatement(
    changes,
    deletedKeys,
    options.fresh ? { xid: "$1", cid: "$2" } : undefined,
    { lookupsPerKey: true },
  );
  return `create or replace function ${name}() returns trigger language plpgsql ${NO_JIT} as $$
declare
  this_xid xid;
  this_cid cid;
begin
  ${options.fresh ? `${FRESH_MARK};` : ""}
  ${plannedForItsRows(rows, statement, { text: dynamic, ...(options.fresh ? { using: "this_xid, this_cid" } : {}) })}
  return null;
end
$$`;
}

const refresh = `create or replace function key_search_texts_refresh(keys uuid[]) returns void language sql
${NO_JIT} set enable_seqscan = off set enable_nestloop = off as $$
  with ${REFRESH_READS},
  rewritten as (
    update key_search_texts t set text = f.text
    from fresh f
    where t.ctid = any(array(select place from mine)) and f.key_id = t.key_id
    returning t.key_id
  ),
  emptied as (
    delete from key_search_texts t
    where t.ctid = any(array(
      select m.place from mine m where not exists (select 1 from fresh f where f.key_id = m.key_id)
    ))
  )
  ${REFRESH_INSERT};
$$`;

const statements = [
  refresh,
  countsTrigger("language_counts_strings_inserted", "new_rows", newCells, noKeys, { fresh: false }),
  countsTrigger("language_counts_strings_updated", "new_rows", `${oldCells} union all ${newCells}`, noKeys, {
    fresh: true,
  }),
  countsTrigger("language_counts_strings_deleted", "old_rows", oldCells, keysDeletedNow, { fresh: false }),
  ...SEARCH_TEXT_TRIGGERS.map(searchTextsTrigger),
];

/** The function of a statement trigger of key_search_texts (one of SEARCH_TEXT_TRIGGERS). */
export function searchTextsTrigger({ name, rows, keys }: (typeof SEARCH_TEXT_TRIGGERS)[number]): string {
  return `create or replace function key_search_texts_strings_${name}() returns trigger
    language plpgsql ${NO_JIT} as $$
  begin
    ${plannedForItsRows(rows, `perform key_search_texts_refresh(array(${keys}))`, {
      text: `select key_search_texts_refresh(array(${keys}))`,
    })}
    return null;
  end
  $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
