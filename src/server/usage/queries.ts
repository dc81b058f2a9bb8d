import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * Keys and non-empty strings over a team's projects, from the completion counts migration 0015
 * keeps (a few rows per project and language, not a scan of every string): the keys the progress
 * counts (translatable text), and their filled cells in the project's current languages.
 */
export async function selectTeamWork(
  db: Kysely<DB>,
  teamId: string,
): Promise<{ keys: number; strings: number }> {
  const result = await sql<{ keys: number; strings: number }>`
    select coalesce(sum(c.keys) filter (where c.language_code is null), 0)::bigint as keys,
      coalesce(sum(c.filled) filter (where c.language_code = any(p.languages)), 0)::bigint as strings
    from projects p
    join language_counts c on c.project_id = p.id
    where p.team_id = ${teamId}
  `.execute(db);
  const row = result.rows[0];
  return { keys: Number(row?.keys ?? 0), strings: Number(row?.strings ?? 0) };
}

/** The team's members: every member is a seat. */
export async function selectSeats(db: Kysely<DB>, teamId: string): Promise<number> {
  const row = await db
    .selectFrom("members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("team_id", "=", teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
