import { type Kysely, sql } from "kysely";

/**
 * The statement triggers on translation_strings: on `event`, with the transition tables `tables`,
 * the texts of the keys `keys` selects from `rows` (and the other table) are written anew.
 */
export const SEARCH_TEXT_TRIGGERS = [
  {
    name: "inserted",
    event: "insert",
    tables: "new table as new_rows",
    rows: "new_rows",
    keys: "select distinct key_id from new_rows where value <> ''",
  },
  {
    name: "updated",
    event: "update",
    tables: "old table as old_rows new table as new_rows",
    rows: "new_rows",
    keys: "select distinct n.key_id from new_rows n join old_rows o on o.id = n.id where n.value <> o.value",
  },
  {
    name: "deleted",
    event: "delete",
    tables: "old table as old_rows",
    rows: "old_rows",
    keys: "select distinct key_id from old_rows where value <> ''",
  },
] as const;

/**
 * The refresh's first two CTEs: `fresh`, the texts of the keys `keys` as their strings are now, and
 * `mine`, the places (ctid) of their rows this statement could lock at once.
 */
export const REFRESH_READS = `fresh as (
      select s.key_id, lower(string_agg(s.value, E'\\n')) as text
      from translation_strings s
      where s.key_id = any(keys) and s.value <> ''
      group by s.key_id
    ),
    mine as (
      select t.ctid as place, t.key_id from key_search_texts t
      where t.key_id = any(keys)
      for update skip locked
    )`;

/** The refresh's last statement: a row of its own for each key none of whose rows was rewritten. */
export const REFRESH_INSERT = `insert into key_search_texts (key_id, text)
    select f.key_id, f.text from fresh f
    where not exists (select 1 from rewritten r where r.key_id = f.key_id)`;

/**
 * A search text per key (issue 31), for the keys list's search when its matches are many
 * (src/server/keys/search.ts walks the keys in name order until a page is full). Checking a key
 * against its strings reads each of them, and a key's strings lie on as many pages as it has
 * languages (a file is written a language at a time): 30,000 keys of a 250,000 × 10 project took
 * 0.8 s. Its search text is one row: all of the key's non-empty strings, lower-cased, one per line.
 *
 * - Rows per key, gone with the key. A statement that changes a value rewrites its keys' rows in
 *   place, skipping rows another transaction holds, and gives a key whose rows were all held a row
 *   of its own. So keeping the texts never waits, as the completion counts of 0015 never do: a long
 *   import holds no lock a cell save needs (upserting one row per key, a save of a key an import
 *   had written waited for the whole import, and a save and a multi-language import could
 *   deadlock). A key's rows together hold every current string: the transaction that wrote a
 *   string wrote a row with it, and a row is rewritten only by a statement that saw that
 *   transaction's commit, so the new text holds the string too. Rewriting in place, not inserting
 *   and deleting, lets PostgreSQL clear old versions from the index as it goes: a key written in
 *   ten statements (a file per language) left nine dead index entries a search stepped over.
 * - A superset: rows left by concurrent writers, strings of a language the project no longer shows,
 *   and a search text with a line break may match across two strings. The search checks the key's
 *   strings themselves before it keeps a key, so a search text only ever saves work.
 * - Kept by triggers on translation_strings, per statement (an import slice runs each once).
 * - No trigram index: one would cost an import more than the strings themselves (every key's text
 *   indexed again whenever one of its strings changes). How many keys match is counted from the
 *   strings' own index (0012), a language at a time.
 * - `lower()` is the case rule `ilike` applies, so `text like lower(pattern)` keeps exactly the
 *   keys `ilike` would.
 */
const statements = [
  // Room on each page, so rewriting a text stays on its page (a heap-only update).
  `create table key_search_texts (
    key_id uuid not null references translation_keys (id) on delete cascade,
    text text not null
  ) with (fillfactor = 70)`,
  `create index key_search_texts_key_idx on key_search_texts (key_id)`,
  // Rows another transaction holds are left as they are, and the key gets a row of its own.
  `create function key_search_texts_refresh(keys uuid[]) returns void language sql as $$
    with ${REFRESH_READS},
    rewritten as (
      update key_search_texts t set text = f.text
      from mine m join fresh f on f.key_id = m.key_id
      where t.ctid = m.place
      returning t.key_id
    ),
    emptied as (
      delete from key_search_texts t using mine m
      where t.ctid = m.place and not exists (select 1 from fresh f where f.key_id = m.key_id)
    )
    ${REFRESH_INSERT};
  $$`,
  ...SEARCH_TEXT_TRIGGERS.flatMap((trigger) => refreshTrigger(trigger)),
  // The keys already there.
  `insert into key_search_texts (key_id, text)
    select key_id, lower(string_agg(value, E'\\n'))
    from translation_strings
    where value <> ''
    group by key_id`,
  `analyze key_search_texts`,
];

/** A statement trigger on translation_strings and its function (one of SEARCH_TEXT_TRIGGERS). */
function refreshTrigger({ name, event, tables, keys }: (typeof SEARCH_TEXT_TRIGGERS)[number]): string[] {
  return [
    `create function key_search_texts_strings_${name}() returns trigger language plpgsql as $$
  begin
    perform key_search_texts_refresh(array(${keys}));
    return null;
  end
  $$`,
    `create trigger key_search_texts_strings_${name} after ${event} on translation_strings
    referencing ${tables} for each statement execute function key_search_texts_strings_${name}()`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
