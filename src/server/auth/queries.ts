import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/** Reads and writes of the auth settings kept in the database, only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

/** Keeps `value` as the cookie-signing secret unless one is kept already (the first start wins). */
export async function insertAuthSecretIfNone(db: Db, value: string): Promise<void> {
  await db
    .insertInto("app_settings")
    .values({ key: "auth_secret", value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

export async function selectAuthSecret(db: Db): Promise<string> {
  const row = await db
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", "auth_secret")
    .executeTakeFirstOrThrow();
  return row.value;
}
