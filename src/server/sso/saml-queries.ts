import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * Reads and writes of SAML sign-ins under way and the assertions already taken: only the SQL. A
 * SAML sign-in is a row of `sso_sign_ins` without a PKCE verifier (queries.ts inserts it).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Conditions of a SAML sign-in the ACS may still answer: fresh, and no identity taken yet. */
function pendingSamlSignIn(db: Db) {
  return db
    .selectFrom("sso_sign_ins")
    .where("expires_at", ">", sql<Date>`now()`)
    .where("identity", "is", null)
    .where("code_verifier", "is", null);
}

/** A SAML sign-in waiting for the IdP's answer, by its state (the RelayState). */
export function selectPendingSamlSignIn(
  db: Db,
  state: string,
): Promise<{ state: string; team_id: string } | undefined> {
  return pendingSamlSignIn(db).select(["state", "team_id"]).where("state", "=", state).executeTakeFirst();
}

/** Records the ID of the AuthnRequest a SAML sign-in sent. */
export async function setSignInRequestId(db: Db, state: string, requestId: string): Promise<boolean> {
  const result = await db
    .updateTable("sso_sign_ins")
    .set({ request_id: requestId })
    .where("state", "=", state)
    .where("identity", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** When the sign-in sent the AuthnRequest `requestId`, while it still waits for the answer. */
export async function selectSignInRequestTime(
  db: Db,
  state: string,
  requestId: string,
): Promise<Date | undefined> {
  const row = await pendingSamlSignIn(db)
    .select("created_at")
    .where("state", "=", state)
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}

/** Forgets the AuthnRequest's ID: no other answer to it is taken. */
export async function clearSignInRequestId(db: Db, state: string, requestId: string): Promise<boolean> {
  const result = await db
    .updateTable("sso_sign_ins")
    .set({ request_id: null })
    .where("state", "=", state)
    .where("request_id", "=", requestId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Keeps the identity the ACS checked on the sign-in, once: a second answer finds it taken. The
 * request's ID goes with it.
 */
export async function completeSamlSignIn(
  db: Db,
  state: string,
  teamId: string,
  identity: Record<string, unknown>,
): Promise<boolean> {
  const result = await db
    .updateTable("sso_sign_ins")
    .set({ identity: JSON.stringify(identity), request_id: null })
    .where("state", "=", state)
    .where("team_id", "=", teamId)
    .where("identity", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes a SAML sign-in the ACS completed: deleted as it is read, so the finish page works once. */
export async function takeSamlIdentity(
  db: Db,
  state: string,
): Promise<{ team_id: string; identity: unknown } | undefined> {
  return db
    .deleteFrom("sso_sign_ins")
    .where("state", "=", state)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("identity", "is not", null)
    .returning(["team_id", "identity"])
    .executeTakeFirst();
}

/**
 * Records an assertion as taken until it would have expired anyway; false when it was taken
 * before (a replay). Expired records are cleaned as new ones come.
 */
export async function insertSeenAssertion(
  db: Db,
  row: { teamId: string; assertionId: string; expiresAt: Date },
): Promise<boolean> {
  await db.deleteFrom("sso_seen_assertions").where("expires_at", "<", sql<Date>`now()`).execute();
  const inserted = await db
    .insertInto("sso_seen_assertions")
    .values({ team_id: row.teamId, assertion_id: row.assertionId, expires_at: row.expiresAt })
    .onConflict((oc) => oc.columns(["team_id", "assertion_id"]).doNothing())
    .returning("assertion_id")
    .executeTakeFirst();
  return inserted !== undefined;
}
