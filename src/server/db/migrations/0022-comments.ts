import { type Kysely, sql } from "kysely";

/**
 * Comments (issue 21): a thread per key and language. Resolving applies to the thread (as in
 * Crowdin and Lokalise): every open comment of the key and language gets the same `resolved_at`,
 * so reopening brings back exactly the comments that resolve closed. `mentions` are the user ids
 * the author picked from the team that also appear in the body (the service keeps only those).
 * A deleted author leaves the comment, unnamed.
 */
const statements = [
  `create table comments (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    key_id uuid not null references translation_keys(id) on delete cascade,
    language_code text not null,
    author_id text references users(id) on delete set null,
    body text not null check (char_length(body) between 1 and 4000),
    mentions text[] not null default '{}',
    resolved_at timestamptz,
    resolved_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    edited_at timestamptz
  )`,
  // A cell's thread, oldest first.
  `create index comments_thread_idx on comments(key_id, language_code, created_at)`,
  // The Overview's open-comment counts of one language.
  `create index comments_open_idx on comments(project_id, language_code) where resolved_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
