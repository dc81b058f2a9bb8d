import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/**
 * Reads of strings and their history: no rules here (the service checks access first), only the
 * queries. Strings are written by string-writer.ts alone.
 */

type Db = Kysely<DB> | Transaction<DB>;

export type CurrentStringRow = NonNullable<Awaited<ReturnType<typeof selectStringForUpdate>>>;
export type HistoryRow = Awaited<ReturnType<typeof selectHistory>>[number];

/**
 * The key's row is the lock: an empty cell has no row of its own to lock, so without it parallel
 * first saves would each see "empty" and each win (PostgreSQL, read committed).
 */
export async function lockKey(trx: Transaction<DB>, keyId: string) {
  await trx.selectFrom("translation_keys").select("id").where("id", "=", keyId).forNoKeyUpdate().execute();
}

/** The cell as stored, with who wrote it, locked until the transaction ends; undefined when empty. */
export async function selectStringForUpdate(trx: Transaction<DB>, keyId: string, language: string) {
  return trx
    .selectFrom("translation_strings as s")
    .leftJoin("users as u", "u.id", "s.updated_by")
    .leftJoin("profiles as p", "p.user_id", "s.updated_by")
    .select([
      "s.value",
      "s.version",
      "s.updated_at",
      "s.machine",
      displayName("u", "p").as("updated_by_name"),
    ])
    .where("s.key_id", "=", keyId)
    .where("s.language_code", "=", language)
    .forUpdate("s")
    .executeTakeFirst();
}

/** A cell's history, newest first, capped: an old string's list could otherwise grow without end. */
export async function selectHistory(db: Db, keyId: string, language: string) {
  return db
    .selectFrom("string_history as h")
    .leftJoin("users as u", "u.id", "h.user_id")
    .leftJoin("profiles as p", "p.user_id", "h.user_id")
    .select(["h.id", "h.value", "h.version", "h.origin", "h.created_at", displayName("u", "p").as("by")])
    .where("h.key_id", "=", keyId)
    .where("h.language_code", "=", language)
    .orderBy("h.id", "desc")
    .limit(200)
    .execute();
}

/** One history entry's value, if it belongs to that cell: an id of another cell is not found. */
export async function selectHistoryEntry(db: Db, historyId: number, keyId: string, language: string) {
  return db
    .selectFrom("string_history")
    .select(["value"])
    .where("id", "=", historyId)
    .where("key_id", "=", keyId)
    .where("language_code", "=", language)
    .executeTakeFirst();
}
