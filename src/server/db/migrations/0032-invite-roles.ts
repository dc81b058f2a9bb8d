import { type Kysely, sql } from "kysely";

/**
 * An invite gives the role its sender chose, admin or reviewer (issue 34). better-auth's table had
 * a `role` column nothing wrote; invites made before were all as reviewer, so that is what empty
 * rows say and what the column says by default. Owner is never given by invite.
 */
const statements = [
  `update invites set role = 'reviewer' where role is null or role not in ('admin', 'reviewer')`,
  `alter table invites alter column role set default 'reviewer'`,
  `alter table invites alter column role set not null`,
  `alter table invites add constraint invites_role_check check (role in ('admin', 'reviewer'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
