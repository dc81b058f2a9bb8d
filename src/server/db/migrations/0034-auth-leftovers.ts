import { type Kysely, sql } from "kysely";

/**
 * Columns better-auth's organization plugin made and nothing has read since teams became our own
 * (issue 35): a team's slug (written, never read), logo and metadata, a session's active
 * organization, and an invite's expiry (a fixed 100 years: invites do not expire).
 */
const statements = [
  "alter table teams drop column if exists slug",
  "alter table teams drop column if exists logo",
  "alter table teams drop column if exists metadata",
  "alter table sessions drop column if exists active_organization_id",
  "alter table invites drop column if exists expires_at",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
