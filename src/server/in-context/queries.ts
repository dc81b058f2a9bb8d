import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/** Reads and writes of in-context editing: only the SQL (the service checks access first). */

type Db = Kysely<DB> | Transaction<DB>;

export async function insertToken(
  db: Db,
  row: { tokenHash: string; userId: string; projectId: string; origin: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("in_context_tokens")
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      project_id: row.projectId,
      origin: row.origin,
      expires_at: row.expiresAt,
    })
    .execute();
  // Expired tokens of the person go as a new one comes: the table holds only live ones (and a few).
  await db
    .deleteFrom("in_context_tokens")
    .where("user_id", "=", row.userId)
    .where("expires_at", "<", sql<Date>`now()`)
    .execute();
}

/**
 * A live token: not expired, and its person still signed in somewhere (signing out everywhere
 * ends what the app's pages may do as them).
 */
export function selectLiveToken(db: Db, tokenHash: string) {
  return db
    .selectFrom("in_context_tokens as t")
    .select(["t.user_id", "t.project_id", "t.origin"])
    .where("t.token_hash", "=", tokenHash)
    .where("t.expires_at", ">", sql<Date>`now()`)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("sessions as s")
          .select(sql`1`.as("one"))
          .whereRef("s.user_id", "=", "t.user_id")
          .where("s.expires_at", ">", sql<Date>`now()`),
      ),
    )
    .executeTakeFirst();
}

export interface InContextKeyRow {
  id: string;
  key: string;
  description: string | null;
  max_length: number | null;
  source: string | null;
  text: string | null;
  version: number | null;
  screenshots: number;
}

/** The keys of the project with these names, with their source and `language` texts. */
export function selectKeysByName(
  db: Db,
  query: { projectId: string; names: readonly string[]; language: string; sourceLanguage: string },
): Promise<InContextKeyRow[]> {
  if (query.names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("translation_keys as k")
    .leftJoin("translation_strings as src", (join) =>
      join.onRef("src.key_id", "=", "k.id").on("src.language_code", "=", query.sourceLanguage),
    )
    .leftJoin("translation_strings as t", (join) =>
      join.onRef("t.key_id", "=", "k.id").on("t.language_code", "=", query.language),
    )
    .select([
      "k.id",
      "k.key",
      "k.description",
      "k.max_length",
      "src.value as source",
      "t.value as text",
      "t.version",
      sql<number>`(select count(*) from screenshot_keys sk where sk.key_id = k.id)::int`.as("screenshots"),
    ])
    .where("k.project_id", "=", query.projectId)
    .where("k.key", "in", [...query.names])
    .execute();
}
