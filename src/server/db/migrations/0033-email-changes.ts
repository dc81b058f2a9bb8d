import { type Kysely, sql } from "kysely";

/**
 * A change of a user's e-mail address waiting for its confirmation (issue 34, Edit Profile): the
 * new address and the hash of the link's token that was mailed to it. One per user: a new request
 * replaces the last. The account's address changes only when the link is opened.
 */
const statements = [
  `create table email_changes (
    user_id text primary key references users(id) on delete cascade,
    new_email text not null,
    token_hash text not null unique,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
