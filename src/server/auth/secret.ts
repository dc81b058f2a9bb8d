import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { insertAuthSecretIfNone, selectAuthSecret } from "./queries.ts";

/**
 * The key that signs session cookies. `AUTH_SECRET` wins; otherwise one is made on first start and
 * kept in the database, so every server process on the same database signs alike and a restart
 * keeps people signed in.
 */
export async function loadAuthSecret(db: Kysely<DB>, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await insertAuthSecretIfNone(db, randomBytes(32).toString("base64url"));
  return selectAuthSecret(db);
}
