import { type Kysely, sql } from "kysely";
import {
  CHAIN,
  nearest,
  STRING_COLUMNS,
  STRINGS_WRITTEN_TRIGGER,
  stringsView,
  stringsViewDefaults,
  stringsWritten,
} from "./0039-branches.ts";
import { KEY_SEARCH_TEXTS_VIEW } from "./0045-branch-search-texts.ts";

/**
 * The stored quality checks (issue 21) move out of the strings' rows into a narrow table of their
 * own, `string_checks`: one row per string that fails a check, with the version of the string it
 * was computed for.
 *
 * Why: a source text that changes changes what its translations are checked against, so a merge of
 * 900 changed English texts (issue 39) rewrote the checks of 6,400 translations. As a column of
 * `translation_strings`, each of those was a new version of a wide row (no update stayed in place:
 * the partial index of failing strings names the column, and the seeded pages are full), with an
 * entry in each of its seven indexes (one of them the trigram index over the values), and, the
 * first time a page changed after a checkpoint, the whole page in the WAL: 0.8–1.3 s of a 1.7–2.8 s
 * merge. The same rows into this table: 27 ms.
 *
 * On a branch, `sprog_branch.string_checks` stands in for the table as the views of 0039 do: main's
 * rows less the cells the branch has checks of, and the branch's own (`branch_checks`, nearest of
 * the chain first) that fail something. A branch keeps a cell's checks even when they pass (`{}`):
 * they hide main's. A branch's rechecked translations are now rows of `branch_checks` only, no longer
 * copies of whole strings in `branch_strings` (at 1,000 changes: 1,000 string rows, not 7,364,
 * which every read of the branch's strings' view hashes).
 *
 * A string deleted takes its checks with it: on main a trigger once per statement; on a branch the
 * view's trigger writes the cell's checks as passing.
 */
const STRING_COLUMNS_NOW = STRING_COLUMNS.filter((c) => c !== "checks");
const CHECK_COLUMNS = ["key_id", "language_code", "project_id", "checks", "string_version"];
const columns = (alias: string) => CHECK_COLUMNS.map((c) => `${alias}.${c}`).join(", ");

const PASSING_ON_DELETE = `insert into public.branch_checks (branch_id, key_id, language_code, project_id, checks, string_version)
        values (sprog_branch.head(), old.key_id, old.language_code, old.project_id, '{}', null)
        on conflict (branch_id, key_id, language_code) do update set checks = '{}', string_version = null;`;

const statements = [
  `create table string_checks (
    key_id uuid not null,
    language_code text not null,
    project_id uuid not null references projects(id) on delete cascade,
    checks text[] not null check (checks <> '{}'),
    string_version int not null,
    primary key (key_id, language_code)
  )`,
  "create index string_checks_project_idx on string_checks (project_id, language_code)",
  `create table branch_checks (
    branch_id uuid not null references branches(id) on delete cascade,
    key_id uuid not null,
    language_code text not null,
    project_id uuid not null references projects(id) on delete cascade,
    checks text[] not null,
    string_version int,
    primary key (branch_id, key_id, language_code)
  )`,
  // The view's look for a nearer branch's row of a cell probes this, whatever the planner thinks
  // the table holds: before its first analyze, a count of a branch's failing strings read all the
  // branch's rows once per row of it (810 rows: 519 ms, 12 ms with it).
  "create index branch_checks_cell_idx on branch_checks (key_id, language_code)",
  `insert into string_checks (key_id, language_code, project_id, checks, string_version)
    select key_id, language_code, project_id, checks, version from translation_strings where checks <> '{}'`,
  `insert into branch_checks (branch_id, key_id, language_code, project_id, checks, string_version)
    select branch_id, key_id, language_code, project_id, case when deleted then '{}' else checks end,
      case when deleted then null else version end
    from branch_strings`,

  "drop view sprog_branch.key_search_texts",
  "drop view sprog_branch.translation_strings",
  "drop function sprog_branch.strings_written()",
  "drop index translation_strings_checks_idx",
  "alter table translation_strings drop column checks",
  "alter table branch_strings drop column checks",
  stringsView(STRING_COLUMNS_NOW),
  ...stringsViewDefaults(STRING_COLUMNS_NOW),
  stringsWritten(STRING_COLUMNS_NOW, PASSING_ON_DELETE),
  STRINGS_WRITTEN_TRIGGER,
  KEY_SEARCH_TEXTS_VIEW,

  // Main's rows less every cell the branch has checks of (passing ones too), then the branch's.
  `create view sprog_branch.string_checks as
    select ${columns("c")} from public.string_checks c
    where (c.key_id, c.language_code) not in (
        select b.key_id, b.language_code from public.branch_checks b where b.branch_id = any(${CHAIN}))
      and c.key_id not in (select d.id from public.branch_keys d where d.branch_id = any(${CHAIN}) and d.deleted)
    union all
    select ${columns("b")} from public.branch_checks b
    where b.branch_id = any(${CHAIN}) and b.checks <> '{}'
      and ${nearest("branch_checks", "b", "c.key_id = b.key_id and c.language_code = b.language_code")}`,
  `create function sprog_branch.checks_written() returns trigger language plpgsql as $$
    begin
      insert into public.branch_checks as o (branch_id, key_id, language_code, project_id, checks, string_version)
      values (sprog_branch.head(), new.key_id, new.language_code, new.project_id, new.checks, new.string_version)
      on conflict (branch_id, key_id, language_code) do update
        set checks = excluded.checks, string_version = excluded.string_version;
      return new;
    end $$`,
  `create trigger checks_written instead of insert on sprog_branch.string_checks
    for each row execute function sprog_branch.checks_written()`,

  `create function public.sprog_forget_string_checks() returns trigger language plpgsql as $$
    begin
      delete from public.string_checks c
      where c.project_id in (select distinct g.project_id from gone g)
        and (c.key_id, c.language_code) in (select g.key_id, g.language_code from gone g);
      return null;
    end $$`,
  `create trigger translation_strings_forget_checks after delete on translation_strings
    referencing old table as gone for each statement execute function public.sprog_forget_string_checks()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
