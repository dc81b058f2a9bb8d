import { type Kysely, sql } from "kysely";

/**
 * What each project API key may do (issue 20): `pull`, `push`, `webhooks:manage`, chosen when it is
 * made. Existing keys get `pull`, all they could do before; the check keeps a typo in code from
 * storing a scope no route ever asks for, and an empty list would make a key that can do nothing.
 */
const statements = [
  `alter table api_keys add column scopes text[] not null default '{pull}'
    check (cardinality(scopes) > 0 and scopes <@ array['pull', 'push', 'webhooks:manage']::text[])`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
