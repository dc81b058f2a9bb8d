import { type Kysely, sql } from "kysely";

/**
 * Branches (issue 39). A branch stores only what differs from the branch it came from: its rows in
 * `branch_keys` (a key added, renamed, re-described or deleted there) and `branch_strings` (a string
 * written or deleted there) stand in front of main's rows, so making one is one insert at any size.
 *
 * Reading a branch is reading main through the views of schema `sprog_branch`: a connection whose
 * `search_path` starts with that schema and whose `sprog.branches` names the branch and its
 * ancestors (nearest first) sees `translation_keys`, `translation_strings` and `string_history` as the
 * branch has them, so every query of the app reads a branch unchanged (db/branch-scope.ts sets both).
 * Writes through the views land in the branch's rows (INSTEAD OF triggers): the first write of a
 * cell keeps what it replaced (`base_*`), which is what a merge compares main with to find a
 * conflict. Main's own tables never hold a branch's row, so a pull of main cannot show one.
 *
 * The views name their columns: a later migration that adds a column to one of the three tables
 * adds it to the branch table and the view too (a test compares them).
 */

const KEY_COLUMNS = [
  "id",
  "project_id",
  "key",
  "created_at",
  "updated_at",
  "description",
  "context",
  "tags",
  "max_length",
  "translatable",
  "value_type",
  "namespace",
  "position",
  "format_meta",
];
export const STRING_COLUMNS = [
  "id",
  "key_id",
  "project_id",
  "language_code",
  "value",
  "version",
  "updated_by",
  "created_at",
  "updated_at",
  "machine",
  "state",
  "checks",
];
const HISTORY_COLUMNS = [
  "id",
  "key_id",
  "project_id",
  "language_code",
  "value",
  "version",
  "origin",
  "user_id",
  "created_at",
  "agent",
];

const list = (columns: string[], prefix: string) => columns.map((c) => `${prefix}.${c}`).join(", ");
const values = (columns: string[], row: string) => columns.map((c) => `${row}.${c}`).join(", ");
/** `column = excluded.column` for each (an overlay row rewritten by a later write). */
const takeExcluded = (columns: string[]) => columns.map((c) => `${c} = excluded.${c}`).join(", ");

export const CHAIN = "sprog_branch.chain()";
/** The branch written to: the nearest of the chain. */
const HEAD = `(${CHAIN})[1]`;

/** No nearer branch of the chain has its own row for the same thing (`same`: the rows' match). */
export const nearest = (table: string, row: string, same: string) => `not exists (
  select 1 from public.${table} c
  where c.branch_id = any(${CHAIN}) and ${same}
    and array_position(${CHAIN}, c.branch_id) < array_position(${CHAIN}, ${row}.branch_id))`;

export const STRINGS_WRITTEN_TRIGGER = `create trigger strings_written instead of insert or update or delete on sprog_branch.translation_strings
    for each row execute function sprog_branch.strings_written()`;

const statements = [
  `create table branches (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    name text not null,
    base_id uuid references branches(id) on delete restrict,
    protected boolean not null default false,
    created_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    merged_at timestamptz,
    merged_by text references users(id) on delete set null,
    merges int not null default 0,
    archived_at timestamptz,
    archived_by text references users(id) on delete set null
  )`,
  // Names are unique among live branches; an archived branch's name can be used again.
  "create unique index branches_live_name_idx on branches (project_id, name) where archived_at is null",
  "create index branches_base_idx on branches (base_id)",
  "alter table projects add column main_protected boolean not null default false",
  `create table branch_keys (
    branch_id uuid not null references branches(id) on delete cascade,
    id uuid not null,
    project_id uuid not null references projects(id) on delete cascade,
    key text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    description text,
    context text,
    tags text[] not null default '{}',
    max_length int,
    translatable boolean not null default true,
    value_type text,
    namespace text not null default '',
    position double precision,
    format_meta jsonb not null default '{}',
    deleted boolean not null default false,
    base_key text,
    base_namespace text,
    primary key (branch_id, id)
  )`,
  `create index branch_keys_id_idx on branch_keys (id)`,
  `create index branch_keys_key_c_idx on branch_keys (project_id, key collate "C")`,
  `create table branch_strings (
    branch_id uuid not null references branches(id) on delete cascade,
    id uuid not null default gen_random_uuid(),
    key_id uuid not null,
    project_id uuid not null references projects(id) on delete cascade,
    language_code text not null,
    value text not null,
    version int not null default 1,
    updated_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    machine text,
    state text,
    checks text[] not null default '{}',
    deleted boolean not null default false,
    based boolean not null default false,
    base_value text,
    base_version int,
    primary key (branch_id, key_id, language_code)
  )`,
  `create index branch_strings_cell_idx on branch_strings (key_id, language_code)`,
  `create index branch_strings_project_idx on branch_strings (project_id, language_code)`,
  // History rows take their ids from main's sequence, so an id names one row in both.
  `create table branch_history (
    id bigint primary key default nextval(pg_get_serial_sequence('public.string_history', 'id')),
    branch_id uuid not null references branches(id) on delete cascade,
    key_id uuid not null,
    project_id uuid not null references projects(id) on delete cascade,
    language_code text not null,
    value text,
    version int not null,
    origin text not null,
    user_id text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    agent text
  )`,
  `create index branch_history_cell_idx on branch_history (key_id, language_code, id desc)`,
  `create index branch_history_branch_idx on branch_history (branch_id)`,

  "create schema sprog_branch",
  `create function sprog_branch.chain() returns uuid[] language sql stable parallel safe as $$
    select coalesce(nullif(current_setting('sprog.branches', true), ''), '{}')::uuid[]
  $$`,

  // The branch's own keys as it has them: the nearest branch's row of each, deleted ones left out.
  `create view sprog_branch.own_keys as
    select ${list(KEY_COLUMNS, "b")} from public.branch_keys b
    where b.branch_id = any(${CHAIN}) and not b.deleted and ${nearest("branch_keys", "b", "c.id = b.id")}`,
  // Main's rows are filtered with NOT IN over the branch's few rows, a hashed lookup per row
  // rather than a join, which leaves the planner the same plans over main's rows it has without a
  // branch (an anti-join made it sort and hash where main reads an index).
  `create view sprog_branch.translation_keys as
    select ${list(KEY_COLUMNS, "k")} from public.translation_keys k
    where k.id not in (select b.id from public.branch_keys b where b.branch_id = any(${CHAIN}))
    union all
    select ${KEY_COLUMNS.join(", ")} from sprog_branch.own_keys`,
  stringsView(STRING_COLUMNS),
  `create view sprog_branch.string_history as
    select ${list(HISTORY_COLUMNS, "h")} from public.string_history h
    union all
    select ${list(HISTORY_COLUMNS, "b")} from public.branch_history b where b.branch_id = any(${CHAIN})`,
  // What an insert through a view leaves out, as the tables would fill it in.
  "alter view sprog_branch.translation_keys alter column id set default gen_random_uuid()",
  "alter view sprog_branch.translation_keys alter column created_at set default now()",
  "alter view sprog_branch.translation_keys alter column updated_at set default now()",
  "alter view sprog_branch.translation_keys alter column tags set default '{}'",
  "alter view sprog_branch.translation_keys alter column translatable set default true",
  "alter view sprog_branch.translation_keys alter column namespace set default ''",
  "alter view sprog_branch.translation_keys alter column format_meta set default '{}'",
  ...stringsViewDefaults(STRING_COLUMNS),
  "alter view sprog_branch.string_history alter column created_at set default now()",
  `alter view sprog_branch.string_history alter column id
    set default nextval(pg_get_serial_sequence('public.string_history', 'id'))`,

  `create function sprog_branch.head() returns uuid language plpgsql stable as $$
    declare head uuid := ${HEAD};
    begin
      if head is null then raise exception 'no branch is being written (sprog.branches is empty)'; end if;
      return head;
    end $$`,

  // Keys: a new key is the branch's; a change or a deletion of a key it sees is a row of its own
  // that keeps the name and namespace the key had (a merge compares main with them).
  `create function sprog_branch.keys_written() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into public.branch_keys (branch_id, ${KEY_COLUMNS.join(", ")})
        values (sprog_branch.head(), ${values(KEY_COLUMNS, "new")});
        return new;
      end if;
      insert into public.branch_keys as o (branch_id, ${KEY_COLUMNS.join(", ")}, deleted, base_key, base_namespace)
      values (sprog_branch.head(), ${values(KEY_COLUMNS, tgRow())}, tg_op = 'DELETE', old.key, old.namespace)
      on conflict (branch_id, id) do update set ${takeExcluded(KEY_COLUMNS.filter((c) => c !== "id"))},
        deleted = excluded.deleted;
      return case when tg_op = 'DELETE' then old else new end;
    end $$`,
  stringsWritten(STRING_COLUMNS),
  `create function sprog_branch.history_written() returns trigger language plpgsql as $$
    begin
      insert into public.branch_history (branch_id, ${HISTORY_COLUMNS.join(", ")})
      values (sprog_branch.head(), ${values(HISTORY_COLUMNS, "new")});
      return new;
    end $$`,
  `create trigger keys_written instead of insert or update or delete on sprog_branch.translation_keys
    for each row execute function sprog_branch.keys_written()`,
  STRINGS_WRITTEN_TRIGGER,
  `create trigger history_written instead of insert on sprog_branch.string_history
    for each row execute function sprog_branch.history_written()`,
];

/**
 * The view of a branch's strings over the given columns (a later migration that drops a column of
 * `translation_strings` makes it again without it, 0047).
 */
export function stringsView(columns: string[]): string {
  return `create view sprog_branch.translation_strings as
    select ${list(columns, "s")} from public.translation_strings s
    where (s.key_id, s.language_code) not in (
        select b.key_id, b.language_code from public.branch_strings b where b.branch_id = any(${CHAIN}))
      and s.key_id not in (select d.id from public.branch_keys d where d.branch_id = any(${CHAIN}) and d.deleted)
    union all
    select ${list(columns, "b")} from public.branch_strings b
    where b.branch_id = any(${CHAIN}) and not b.deleted
      and ${nearest("branch_strings", "b", "c.key_id = b.key_id and c.language_code = b.language_code")}`;
}

/** What an insert through the strings' view leaves out, as the table would fill it in. */
export function stringsViewDefaults(columns: string[]): string[] {
  const defaults: Record<string, string> = {
    id: "gen_random_uuid()",
    version: "1",
    created_at: "now()",
    updated_at: "now()",
    checks: "'{}'",
  };
  return columns
    .filter((c) => c in defaults)
    .map((c) => `alter view sprog_branch.translation_strings alter column ${c} set default ${defaults[c]}`);
}

/**
 * Strings: the first write of a cell on the branch keeps what the branch saw there (`base_*`).
 * `onDelete`: statements run when a string is deleted through the view, before it returns.
 */
export function stringsWritten(columns: string[], onDelete = ""): string {
  return `create function sprog_branch.strings_written() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into public.branch_strings as o (branch_id, ${columns.join(", ")}, based)
        values (sprog_branch.head(), ${values(columns, "new")}, false)
        on conflict (branch_id, key_id, language_code) do update set
          ${takeExcluded(columns.filter((c) => !["id", "key_id", "language_code", "created_at"].includes(c)))},
          deleted = false;
        return new;
      end if;
      insert into public.branch_strings as o
        (branch_id, ${columns.join(", ")}, deleted, based, base_value, base_version)
      values (sprog_branch.head(), ${values(columns, tgRow())}, tg_op = 'DELETE', true, old.value, old.version)
      on conflict (branch_id, key_id, language_code) do update set
        ${takeExcluded(columns.filter((c) => !["id", "key_id", "language_code", "created_at"].includes(c)))},
        deleted = excluded.deleted;${
          onDelete
            ? `
      if tg_op = 'DELETE' then
        ${onDelete}
      end if;`
            : ""
        }
      return case when tg_op = 'DELETE' then old else new end;
    end $$`;
}

/** The row a trigger writes: the new one, or the old one a deletion leaves. */
function tgRow(): string {
  return "(case when tg_op = 'DELETE' then old else new end)";
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
