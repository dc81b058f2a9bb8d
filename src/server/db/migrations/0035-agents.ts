import { type Kysely, sql } from "kysely";

/**
 * Coding agents as team members (issue 36): a project API key may now `translate` (its writes land
 * as unverified AI output) and `review` (verdicts, never on machine output). What an agent wrote or
 * judged names the agent's client (e.g. "claude-code") beside the key it used, so History and the
 * review show who it was; a person's rows leave it null. A key remembers the name its MCP client
 * gave when it connected: a client of the 2025 protocol names itself only then, in a request of its
 * own, and its later calls are written under that name.
 */
const statements = [
  "alter table api_keys drop constraint if exists api_keys_scopes_check",
  `alter table api_keys add constraint api_keys_scopes_check
    check (cardinality(scopes) > 0
      and scopes <@ array['pull', 'push', 'translate', 'review', 'webhooks:manage']::text[])`,
  "alter table string_history add column agent text",
  "alter table api_keys add column client_name text",
  "alter table review_approvals add column agent text",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
