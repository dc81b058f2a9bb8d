import { type Kysely, sql } from "kysely";

/**
 * Over-the-air releases and in-context editing (issue 37).
 * - A project's distribution id is public (apps hold it) and reads only its releases.
 * - A release is immutable: its files' bytes are kept with it, named by their SHA-256, so several
 *   app servers (and any CDN) serve the same bytes at the same URL.
 * - An environment's row is the manifest: the release it names now (publish and roll back move it).
 * - Downloads are counted per release and day (added up in memory, written every few seconds).
 * - An in-context token lets one app origin act as one person on one project for a few hours;
 *   only its SHA-256 is stored.
 */
const statements = [
  `alter table projects add column distribution_id text not null unique
    default replace(gen_random_uuid()::text, '-', '')`,
  "alter table projects add column release_on_review text",
  `create table releases (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    number int not null,
    environment text not null,
    languages text[] not null,
    only_strings text not null check (only_strings in ('all', 'approved', 'passing_checks')),
    placeholder_format text not null,
    trigger text not null check (trigger in ('person', 'api', 'review')),
    created_by text references users(id) on delete set null,
    created_by_key text,
    key_count int not null,
    keys_changed int not null,
    created_at timestamptz not null default now(),
    unique (project_id, number)
  )`,
  `create table release_files (
    release_id uuid not null references releases(id) on delete cascade,
    language_code text not null,
    hash text not null,
    bytes bytea not null,
    primary key (release_id, language_code)
  )`,
  "create index release_files_hash on release_files (hash)",
  `create table release_environments (
    project_id uuid not null references projects(id) on delete cascade,
    name text not null,
    release_id uuid not null references releases(id) on delete cascade,
    updated_at timestamptz not null default now(),
    primary key (project_id, name)
  )`,
  `create table release_downloads (
    release_id uuid not null references releases(id) on delete cascade,
    day date not null,
    count int not null default 0,
    primary key (release_id, day)
  )`,
  `create table in_context_tokens (
    token_hash text primary key,
    user_id text not null references users(id) on delete cascade,
    project_id uuid not null references projects(id) on delete cascade,
    origin text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  "create index in_context_tokens_user on in_context_tokens (user_id)",
  "alter table api_keys drop constraint if exists api_keys_scopes_check",
  `alter table api_keys add constraint api_keys_scopes_check
    check (cardinality(scopes) > 0
      and scopes <@ array['pull', 'push', 'translate', 'review', 'release', 'webhooks:manage']::text[])`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
