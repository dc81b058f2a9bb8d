import type { Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { ApiKeysTable, DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/** Reads and writes of project API keys: no rules here (the service checks access first), only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** The project's keys with their creator's name, newest first. */
export function selectProjectKeys(db: Db, projectId: string) {
  return db
    .selectFrom("api_keys as k")
    .leftJoin("users as u", "u.id", "k.created_by")
    .leftJoin("profiles as p", "p.user_id", "k.created_by")
    .selectAll("k")
    .select(displayName("u", "p").as("created_by_name"))
    .where("k.project_id", "=", projectId)
    .orderBy("k.created_at", "desc")
    .orderBy("k.id", "desc")
    .execute();
}

export function insertKey(db: Db, values: Insertable<ApiKeysTable>): Promise<ApiKeyRow> {
  return db.insertInto("api_keys").values(values).returningAll().executeTakeFirstOrThrow();
}

export function selectKeyProject(db: Db, keyId: string) {
  return db.selectFrom("api_keys").select(["id", "project_id"]).where("id", "=", keyId).executeTakeFirst();
}

/** The revoked key's name and prefix; undefined when it was already gone. */
export function deleteKey(db: Db, keyId: string) {
  return db
    .deleteFrom("api_keys")
    .where("id", "=", keyId)
    .returning(["name", "key_prefix"])
    .executeTakeFirst();
}

/** Through the unique index on the hash. */
export function selectKeyByHash(db: Db, hash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom("api_keys").selectAll().where("key_hash", "=", hash).executeTakeFirst();
}

export async function updateLastUsed(db: Db, keyId: string, at: Date): Promise<void> {
  await db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", keyId).execute();
}

export async function updateClientName(db: Db, keyId: string, name: string): Promise<void> {
  await db.updateTable("api_keys").set({ client_name: name }).where("id", "=", keyId).execute();
}
