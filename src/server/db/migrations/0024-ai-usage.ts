import { type Kysely, sql } from "kysely";

/**
 * AI usage per team and month (issue 22): what each AI call cost, summed, so the Team screen shows
 * it and AI_MONTHLY_TOKEN_LIMIT can refuse calls once a team has used its tokens. One row per team
 * and calendar month (UTC, `month` its first day), upserted by every call (src/server/ai/ai-usage.ts):
 * a call reads and writes one row, and the limit check reads the same one. `characters` counts the
 * source text sent for translation (the pseudo provider has no tokens, only characters).
 */
const statements = [
  `create table ai_usage (
    team_id text not null references teams(id) on delete cascade,
    month date not null,
    calls integer not null default 0,
    input_tokens bigint not null default 0,
    output_tokens bigint not null default 0,
    characters bigint not null default 0,
    primary key (team_id, month)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
