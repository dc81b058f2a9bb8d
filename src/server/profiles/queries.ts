import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { DB, ProfilesTable } from "../db/schema.ts";

/** Reads and writes of profiles and e-mail changes: no rules here (the services decide), only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

const byEmail = (email: string) => sql<string>`lower(${email})`;

export function selectProfile(db: Db, userId: string): Promise<Selectable<ProfilesTable> | undefined> {
  return db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Writes the names (and the account's e-mail) into the user's profile, made on the first save. */
export function upsertProfile(
  db: Db,
  user: { id: string; email: string },
  names: { firstName: string; lastName: string },
): Promise<Selectable<ProfilesTable>> {
  return db
    .insertInto("profiles")
    .values({ user_id: user.id, email: user.email, first_name: names.firstName, last_name: names.lastName })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ first_name: names.firstName, last_name: names.lastName, email: user.email }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether an account other than `userId`'s has `email` (in any case). */
export async function emailTakenByOther(db: Db, userId: string, email: string): Promise<boolean> {
  const other = await db
    .selectFrom("users")
    .select("id")
    .where(sql<string>`lower(email)`, "=", byEmail(email))
    .where("id", "!=", userId)
    .executeTakeFirst();
  return other !== undefined;
}

export interface EmailChangeRow {
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: Date;
  created_at: Date;
}

/** One pending change per account: a new request replaces the one before. */
export async function upsertEmailChange(db: Db, row: EmailChangeRow): Promise<void> {
  await db
    .insertInto("email_changes")
    .values(row)
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        new_email: row.new_email,
        token_hash: row.token_hash,
        expires_at: row.expires_at,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export async function deleteEmailChange(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom("email_changes").where("token_hash", "=", tokenHash).execute();
}

/** Deletes the pending change of the token and answers it: a link works once. */
export function takeEmailChange(db: Db, tokenHash: string) {
  return db
    .deleteFrom("email_changes")
    .where("token_hash", "=", tokenHash)
    .returning(["user_id", "new_email", "expires_at"])
    .executeTakeFirst();
}

/** The account's e-mail, its row locked until the transaction ends. */
export async function lockUserEmail(trx: Transaction<DB>, userId: string): Promise<string> {
  const user = await trx
    .selectFrom("users")
    .select("email")
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return user.email;
}

/** The account's new, proven address. */
export async function updateUserEmail(db: Db, userId: string, email: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ email, email_verified: true, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** The profile's copy of the account's address. */
export async function updateProfileEmail(db: Db, userId: string, email: string): Promise<void> {
  await db.updateTable("profiles").set({ email }).where("user_id", "=", userId).execute();
}
