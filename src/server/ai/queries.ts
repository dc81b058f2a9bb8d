import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/** Reads and writes of the AI features: the team's voice, a key's texts and the AI usage counts. */

type Db = Kysely<DB> | Transaction<DB>;

/** The team's product context and brand tone (null: unset). */
export function selectTeamVoice(db: Db, teamId: string) {
  return db
    .selectFrom("teams")
    .select(["tov_tone", "tov_product_context"])
    .where("id", "=", teamId)
    .executeTakeFirstOrThrow();
}

/** The team's tone sections' titles and rules, in the Tone screen's order. */
export function selectToneRules(db: Db, teamId: string) {
  return db
    .selectFrom("tone_sections")
    .select(["title", "rules"])
    .where("team_id", "=", teamId)
    .orderBy("position")
    .orderBy("created_at")
    .execute();
}

/** Every language's text of a key. */
export function selectKeyTexts(db: Db, keyId: string) {
  return db
    .selectFrom("translation_strings")
    .select(["language_code", "value"])
    .where("key_id", "=", keyId)
    .execute();
}

export interface CallCounts {
  teamId: string;
  inputTokens: number;
  outputTokens: number;
  characters: number;
}

/** One upsert on the team's row of the month (its first day, `YYYY-MM-DD`): calls + 1 and the counts added. */
export async function addCallUsage(db: Db, usage: CallCounts, month: string) {
  await sql`
    insert into ai_usage (team_id, month, calls, input_tokens, output_tokens, characters)
    values (${usage.teamId}, ${month}::date, 1, ${usage.inputTokens}, ${usage.outputTokens},
      ${usage.characters})
    on conflict (team_id, month) do update set
      calls = ai_usage.calls + 1,
      input_tokens = ai_usage.input_tokens + excluded.input_tokens,
      output_tokens = ai_usage.output_tokens + excluded.output_tokens,
      characters = ai_usage.characters + excluded.characters
  `.execute(db);
}

/** A team's counts of one month (its first day, `YYYY-MM-DD`): zeros before its first call. */
export async function selectMonthUsage(db: Db, teamId: string, month: string) {
  const row = await db
    .selectFrom("ai_usage")
    .select(["calls", "input_tokens", "output_tokens", "characters"])
    .where("team_id", "=", teamId)
    .where("month", "=", sql<Date>`${month}::date`)
    .executeTakeFirst();
  return {
    calls: Number(row?.calls ?? 0),
    inputTokens: Number(row?.input_tokens ?? 0),
    outputTokens: Number(row?.output_tokens ?? 0),
    characters: Number(row?.characters ?? 0),
  };
}
