import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/** The event bus's statements on the shared pool (its LISTEN connection is its own, in event-bus.ts). */

type Db = Kysely<DB> | Transaction<DB>;

/** Sends `payload` to every listener of `channel`, on every server process. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** A cell as a `string.updated` event carries it; undefined when it is empty. */
export function selectUpdatedCell(db: Db, keyId: string, language: string) {
  return db
    .selectFrom("translation_strings as s")
    .leftJoin("users as u", "u.id", "s.updated_by")
    .leftJoin("profiles as p", "p.user_id", "s.updated_by")
    .select(["s.value", "s.version", "s.updated_at", displayName("u", "p").as("updated_by")])
    .where("s.key_id", "=", keyId)
    .where("s.language_code", "=", language)
    .executeTakeFirst();
}
