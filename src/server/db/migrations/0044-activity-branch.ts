import { type Kysely, sql } from "kysely";

/**
 * Activity on a branch (issue 39): an entry of a change made on a branch names it (`details.branch`,
 * the branch's name, as the branch's own entries did already). A person's string edits of a minute
 * grow one entry; edits on main and on a branch in the same minute are two entries, so the grouping
 * index counts the branch (main: '').
 */
const statements = [
  `create unique index activity_string_minute_branch_idx on activity
    (project_id, user_id, minute, (coalesce(details->>'branch', '')))
    where kind = 'strings.edited'`,
  "drop index activity_string_minute_idx",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
