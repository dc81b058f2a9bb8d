import { type Kysely, sql } from "kysely";

/**
 * Projects, their keys and strings, and every string's history. Strings of a language removed from
 * a project stay in the table (hidden), so adding the language back loses nothing.
 */
const statements = [
  `create table projects (
    id uuid primary key default gen_random_uuid(),
    team_id text not null references teams(id) on delete cascade,
    name text not null,
    kind text not null default 'web',
    source_language text not null default 'en',
    languages text[] not null default '{en}',
    placeholder_format text not null default 'web',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index projects_team_id_idx on projects(team_id)`,
  `create table translation_keys (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    key text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (project_id, key)
  )`,
  // Keys are listed and paged in byte order on both databases; this index serves that order.
  `create index translation_keys_project_key_c_idx on translation_keys(project_id, key collate "C")`,
  `create table translation_strings (
    id uuid primary key default gen_random_uuid(),
    key_id uuid not null references translation_keys(id) on delete cascade,
    project_id uuid not null references projects(id) on delete cascade,
    language_code text not null,
    value text not null,
    version integer not null default 1,
    updated_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (key_id, language_code)
  )`,
  `create index translation_strings_project_language_idx on translation_strings(project_id, language_code)`,
  `create table string_history (
    id bigint generated always as identity primary key,
    key_id uuid not null references translation_keys(id) on delete cascade,
    project_id uuid not null references projects(id) on delete cascade,
    language_code text not null,
    value text,
    version integer not null,
    origin text not null,
    user_id text references users(id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index string_history_cell_idx on string_history(key_id, language_code, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
