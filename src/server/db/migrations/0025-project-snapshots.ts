import { type Kysely, sql } from "kysely";

/**
 * The project dashboard's kept numbers (issue 22), so reading it never replays history:
 * - `project_snapshots`: per project, language and day (UTC), the translated and total keys as the
 *   dashboard counts them. Today's row is upserted when the dashboard is read and once a day for
 *   every project (src/server/activity/dashboard-snapshots.ts); the progress chart reads 90 rows per
 *   language through the primary key.
 * - `word_counts`: words written into translations per project, month (UTC, its first day) and
 *   origin, added by the string writer (one upsert per call, src/server/activity/dashboard-words.ts).
 */
const statements = [
  `create table project_snapshots (
    project_id uuid not null references projects(id) on delete cascade,
    language_code text not null,
    day date not null,
    translated integer not null,
    total integer not null,
    primary key (project_id, language_code, day)
  )`,
  `create table word_counts (
    project_id uuid not null references projects(id) on delete cascade,
    month date not null,
    origin text not null check (origin in ('people', 'ai')),
    words bigint not null default 0,
    primary key (project_id, month, origin)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
