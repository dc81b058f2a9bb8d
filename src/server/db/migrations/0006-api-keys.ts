import { type Kysely, sql } from "kysely";

/**
 * Project API keys (spec point 3 ApiKeys, DESIGN.md §5) for the public pull API. Only the SHA-256
 * of a key is kept: the key itself is shown once, when it is created. `key_prefix` (the first
 * characters) lets people tell their keys apart in the list. Revoking a key deletes its row.
 */
const statements = [
  `create table api_keys (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    name text,
    key_hash text not null unique,
    key_prefix text not null,
    created_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
  )`,
  `create index api_keys_project_idx on api_keys(project_id, created_at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
