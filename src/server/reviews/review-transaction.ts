import { sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** Steps of the review service inside a review's transaction (the review locked first). */

export async function keyCount(trx: Transaction<DB>, reviewId: string): Promise<number> {
  const row = await trx
    .selectFrom("review_keys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("review_id", "=", reviewId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function touch(trx: Transaction<DB>, reviewId: string) {
  await trx.updateTable("reviews").set({ last_updated_at: sql`now()` }).where("id", "=", reviewId).execute();
}

/**
 * Keys to add must be the project's: otherwise 400 and nothing changes. They are locked against
 * deletion (key share) until the transaction ends.
 */
export async function checkKeysOfProject(trx: Transaction<DB>, projectId: string, keyIds: string[]) {
  if (keyIds.length === 0) return;
  const found = await trx
    .selectFrom("translation_keys")
    .select("id")
    .where("project_id", "=", projectId)
    // One array parameter however many keys: `in (…)` would send one parameter per key.
    .where(sql<boolean>`id = any(${keyIds}::uuid[])`)
    .forKeyShare()
    .execute();
  const missing = keyIds.length - found.length;
  if (missing === 1) throw new AppError("validation_failed", "A selected key is not in this project");
  if (missing > 0) {
    throw new AppError("validation_failed", `${missing} of the selected keys are not in this project`);
  }
}

export async function insertKeys(trx: Transaction<DB>, reviewId: string, keyIds: string[]): Promise<number> {
  if (keyIds.length === 0) return 0;
  const inserted = await sql<{ key_id: string }>`
    insert into review_keys (review_id, key_id)
    select ${reviewId}::uuid, k from unnest(${keyIds}::uuid[]) as t(k)
    on conflict do nothing
    returning key_id
  `.execute(trx);
  return inserted.rows.length;
}
