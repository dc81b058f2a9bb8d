import { type Kysely, sql } from "kysely";

/**
 * Completion counts kept up to date (issue 18), so `GET /api/projects/{id}/completion` reads a few
 * rows instead of every key and string of the project.
 *
 * A key is counted when it is translatable and plain text (`value_type` null); a cell is filled
 * when its string exists and is not ''. Per project, `language_counts` holds:
 * - rows with `language_code` null: `keys`, the number of counted keys;
 * - rows per language: `filled`, counted keys whose cell in that language is filled, and
 *   `filled_with_source`, those whose source-language cell is filled as well.
 * The missing counts follow from these (source: keys - filled; other languages: the source's filled
 * - filled_with_source), exactly the rule the query before them counted.
 *
 * The rows are deltas: the count is their sum. A trigger only ever inserts rows, so two
 * transactions writing strings of one project never wait for each other on a counts row (nor
 * deadlock over two), and a long import holds no lock a cell save needs. The reader folds a
 * project's rows into one per language when they pile up (projects/queries.ts).
 *
 * The triggers are per statement with transition tables: an import slice of 2,500 strings runs
 * each trigger once. A key deleted with its strings (the foreign key's cascade) is gone when the
 * strings' trigger runs, so the keys' trigger, which PostgreSQL runs first, notes the counted ones
 * in `language_counts_deleted_keys` for it. Deleting a project deletes its rows by the cascade; the
 * triggers skip rows of projects that are gone. Strings of a language removed from the project stay
 * counted, so adding the language back shows the right numbers at once.
 */

const COUNTED = (k: string) => `(${k}.translatable and ${k}.value_type is null)`;

/**
 * The strings' trigger function. `changes` reads the statement's transition tables (`old_rows`,
 * `new_rows`) as cells with their filled state before (`was`) and after (`now`); `deletedKeys`
 * gives the counted keys the same statement deleted.
 *
 * Per key the trigger counts what its own rows changed, reading every other cell as it is now.
 * An upsert (`insert … on conflict do update`, as writeStrings does) fires the insert and the
 * update trigger for one statement, each with its own rows; when one changed a key's source cell
 * and the other another cell of the key, the inserted cell was empty before, so the pair's change
 * is its state now, which the insert trigger counts. The update trigger leaves such a pair to it:
 * it knows the cells the same statement inserted (`fresh`) by their row version, written by this
 * command of this transaction (`xmin`, `cmin` as those of its own rows) and not among its rows.
 * (MERGE, and a statement that changes a key's translatable flag and its strings at once, are
 * not used and not counted right.)
 */
export function stringsTrigger(
  name: string,
  changes: string,
  deletedKeys: string,
  options: { fresh: boolean },
) {
  return `create function ${name}() returns trigger language plpgsql as $$
declare
  this_xid xid;
  this_cid cid;
begin
  ${options.fresh ? `${FRESH_MARK};` : ""}
  ${stringsCountStatement(changes, deletedKeys, options.fresh ? { xid: "this_xid", cid: "this_cid" } : undefined)};
  return null;
end
$$`;
}

/** Reads the row version of the statement's own rows into `this_xid`, `this_cid`. */
export const FRESH_MARK =
  "select s.xmin, s.cmin into this_xid, this_cid from translation_strings s where s.id = (select id from new_rows limit 1)";

/**
 * The strings' trigger's one statement; with `fresh`, the names of the row version of the
 * statement's own rows (plpgsql variables, or parameters of a statement run with EXECUTE).
 */
export function stringsCountStatement(
  changes: string,
  deletedKeys: string,
  fresh: { xid: string; cid: string } | undefined,
  options: { lookupsPerKey?: boolean } = {},
): string {
  // With lookupsPerKey (0027), a key's cells are read through the index, one key at a time, what
  // ever the planner estimates: `offset 0` keeps each subquery from being joined as a whole table.
  const perKey = options.lookupsPerKey ? " offset 0" : "";
  const isFresh = (cell: string) =>
    fresh
      ? `(${cell}.xmin = ${fresh.xid} and ${cell}.cmin = ${fresh.cid} and ${cell}.id not in (select id from new_rows))`
      : "false";
  return `with changes as (${changes}),
  deleted_keys as (${deletedKeys}),
  changed as (
    select key_id, project_id, language_code, sum(was)::int as was, sum(now)::int as now
    from changes
    group by key_id, project_id, language_code
    having sum(was) <> sum(now)
  ),
  counted_keys as (
    select distinct c.key_id, c.project_id, p.source_language as source
    from changed c
    join projects p on p.id = c.project_id
    where exists (select 1 from translation_keys k where k.id = c.key_id and ${COUNTED("k")}${perKey})
       or c.key_id in (select key_id from deleted_keys)
  ),
  source_cells as (
    select k.key_id, k.project_id,
      coalesce(c.was, cur.filled, 0) as was,
      coalesce(c.now, cur.filled, 0) as now,
      coalesce(cur.fresh, false) as fresh
    from counted_keys k
    left join changed c on c.key_id = k.key_id and c.language_code = k.source
    left join lateral (
      select (s.value <> '')::int as filled, ${isFresh("s")} as fresh
      from translation_strings s
      where s.key_id = k.key_id and s.language_code = k.source${perKey}
    ) cur on true
  ),
  deltas as (
    select c.project_id, c.language_code, c.now - c.was as filled,
      case when s.fresh then 0 else c.now * s.now - c.was * s.was end as filled_with_source
    from changed c
    join source_cells s on s.key_id = c.key_id
    union all
    -- Filled cells this trigger's rows left alone, of keys whose source text came or went.
    select s.project_id, t.language_code, 0, s.now - s.was
    from source_cells s
    ${
      options.lookupsPerKey
        ? `cross join lateral (
      select t.language_code from translation_strings t
      where t.key_id = s.key_id and t.value <> '' and not ${isFresh("t")}${perKey}
    ) t`
        : "join translation_strings t on t.key_id = s.key_id and t.value <> ''"
    }
    where s.now <> s.was
      and not exists (select 1 from changed c where c.key_id = s.key_id and c.language_code = t.language_code)
      ${options.lookupsPerKey ? "" : `and not ${isFresh("t")}`}
  )
  insert into language_counts (project_id, language_code, filled, filled_with_source)
  select project_id, language_code, sum(filled), sum(filled_with_source)
  from deltas
  group by project_id, language_code
  having sum(filled) <> 0 or sum(filled_with_source) <> 0`;
}

export const oldCells = `select key_id, project_id, language_code, (value <> '')::int as was, 0 as now from old_rows`;
export const newCells = `select key_id, project_id, language_code, 0 as was, (value <> '')::int as now from new_rows`;
export const noKeys = "select null::uuid as key_id where false";
/** Taken once: the rows are this transaction's, written by the keys' trigger of this statement. */
export const keysDeletedNow = "delete from language_counts_deleted_keys returning key_id";

const statements = [
  `create table language_counts (
    project_id uuid not null references projects(id) on delete cascade,
    language_code text,
    keys integer not null default 0,
    filled integer not null default 0,
    filled_with_source integer not null default 0
  )`,
  `create index language_counts_project_idx on language_counts(project_id)`,
  `create table language_counts_deleted_keys (key_id uuid primary key)`,

  // From scratch, for one project or all: the backfill, and a change of a project's source language.
  `create function language_counts_recount(only_project uuid) returns void language sql as $$
    delete from language_counts where only_project is null or project_id = only_project;
    insert into language_counts (project_id, language_code, keys)
    select k.project_id, null, count(*)
    from translation_keys k
    where ${COUNTED("k")} and (only_project is null or k.project_id = only_project)
    group by k.project_id;
    insert into language_counts (project_id, language_code, filled, filled_with_source)
    select s.project_id, s.language_code, count(*), count(*) filter (where src.value <> '')
    from translation_strings s
    join translation_keys k on k.id = s.key_id
    join projects p on p.id = s.project_id
    left join translation_strings src on src.key_id = s.key_id and src.language_code = p.source_language
    where s.value <> '' and ${COUNTED("k")} and (only_project is null or s.project_id = only_project)
    group by s.project_id, s.language_code;
  $$`,

  stringsTrigger("language_counts_strings_inserted", newCells, noKeys, { fresh: false }),
  stringsTrigger("language_counts_strings_updated", `${oldCells} union all ${newCells}`, noKeys, {
    fresh: true,
  }),
  stringsTrigger("language_counts_strings_deleted", oldCells, keysDeletedNow, { fresh: false }),
  `create trigger language_counts_strings_inserted after insert on translation_strings
    referencing new table as new_rows for each statement execute function language_counts_strings_inserted()`,
  `create trigger language_counts_strings_updated after update on translation_strings
    referencing old table as old_rows new table as new_rows
    for each statement execute function language_counts_strings_updated()`,
  `create trigger language_counts_strings_deleted after delete on translation_strings
    referencing old table as old_rows for each statement execute function language_counts_strings_deleted()`,

  // A new key has no strings yet (they reference it): only the keys' total moves.
  `create function language_counts_keys_inserted() returns trigger language plpgsql as $$
  begin
    insert into language_counts (project_id, language_code, keys)
    select n.project_id, null, count(*) from new_rows n where ${COUNTED("n")} group by n.project_id;
    return null;
  end
  $$`,
  // A key that starts or stops being counted brings its filled cells along.
  `create function language_counts_keys_updated() returns trigger language plpgsql as $$
  begin
    -- Most updates (a rename, metadata from an import) leave every key counted: nothing to do.
    if not exists (select 1 from old_rows o where not ${COUNTED("o")})
      and not exists (select 1 from new_rows n where not ${COUNTED("n")}) then
      return null;
    end if;
    -- Grouped rather than joined: the planner has no statistics of transition tables, and a
    -- nested loop over old and new rows cost 0.3 s per import slice of 2,500 keys.
    with sides as (
      select o.id, o.project_id, ${COUNTED("o")}::int as was, 0 as now from old_rows o
      union all
      select n.id, n.project_id, 0, ${COUNTED("n")}::int from new_rows n
    ),
    turned as (
      select id, project_id, case when sum(now) > 0 then 1 else -1 end as sign
      from sides
      group by id, project_id
      having sum(was) <> sum(now)
    ),
    deltas as (
      select t.project_id, null::text as language_code, t.sign as keys, 0 as filled, 0 as filled_with_source
      from turned t
      union all
      select t.project_id, s.language_code, 0, t.sign,
        t.sign * (exists (
          select 1 from translation_strings src
          where src.key_id = t.id and src.language_code = p.source_language and src.value <> ''))::int
      from turned t
      join projects p on p.id = t.project_id
      join translation_strings s on s.key_id = t.id and s.value <> ''
    )
    insert into language_counts (project_id, language_code, keys, filled, filled_with_source)
    select project_id, language_code, sum(keys), sum(filled), sum(filled_with_source)
    from deltas
    group by project_id, language_code
    having sum(keys) <> 0 or sum(filled) <> 0 or sum(filled_with_source) <> 0;
    return null;
  end
  $$`,
  // Runs before the strings' trigger of the cascade, which finds the keys gone and reads them here.
  `create function language_counts_keys_deleted() returns trigger language plpgsql as $$
  begin
    insert into language_counts (project_id, language_code, keys)
    select o.project_id, null, -count(*)
    from old_rows o
    where ${COUNTED("o")} and exists (select 1 from projects p where p.id = o.project_id)
    group by o.project_id;
    insert into language_counts_deleted_keys (key_id)
    select o.id from old_rows o
    where ${COUNTED("o")} and exists (select 1 from projects p where p.id = o.project_id);
    return null;
  end
  $$`,
  `create trigger language_counts_keys_inserted after insert on translation_keys
    referencing new table as new_rows for each statement execute function language_counts_keys_inserted()`,
  `create trigger language_counts_keys_updated after update on translation_keys
    referencing old table as old_rows new table as new_rows
    for each statement execute function language_counts_keys_updated()`,
  `create trigger language_counts_keys_deleted after delete on translation_keys
    referencing old table as old_rows for each statement execute function language_counts_keys_deleted()`,

  // The source language never changes today; if it ever does, the counts against it start over.
  `create function language_counts_source_changed() returns trigger language plpgsql as $$
  begin
    perform language_counts_recount(n.id)
    from old_rows o join new_rows n on n.id = o.id
    where o.source_language <> n.source_language;
    return null;
  end
  $$`,
  `create trigger language_counts_source_changed after update on projects
    referencing old table as old_rows new table as new_rows
    for each statement execute function language_counts_source_changed()`,

  `select language_counts_recount(null)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
