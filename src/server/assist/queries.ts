import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/** Reads of the writing assistant: no rules here (the service checks access first), only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

/** The key's saved text in `language`; undefined when that cell is empty. */
export function selectSavedText(db: Db, keyId: string, language: string) {
  return db
    .selectFrom("translation_strings")
    .select("value")
    .where("key_id", "=", keyId)
    .where("language_code", "=", language)
    .executeTakeFirst();
}
