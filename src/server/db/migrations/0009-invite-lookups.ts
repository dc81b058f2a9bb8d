import { type Kysely, sql } from "kysely";

/**
 * Team invites (src/server/teams/invite-service.ts):
 * - one pending invite per team and address, held by the database so that two owners inviting the
 *   same person at once get one invite and one 'User already has a pending invite';
 * - signing in looks up the address's invites, across teams, by the lower-cased address.
 * Duplicates left from before (none were made by Sprog, which had no invite route) are dropped first,
 * keeping the oldest.
 */
const statements = [
  `delete from invites a using invites b
    where a.status = 'pending' and b.status = 'pending'
      and a.team_id = b.team_id and lower(a.email) = lower(b.email)
      and (a.created_at, a.id) > (b.created_at, b.id)`,
  `create unique index invites_team_email_pending_idx on invites (team_id, lower(email)) where status = 'pending'`,
  `create index invites_email_idx on invites (lower(email))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
