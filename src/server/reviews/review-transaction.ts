import type { Transaction } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { lockProjectKeys } from "./queries.ts";

/** Steps of the review service inside a review's transaction (the review locked first). */

/**
 * Keys to add must be the project's: otherwise 400 and nothing changes. They are locked against
 * deletion (key share) until the transaction ends.
 */
export async function checkKeysOfProject(trx: Transaction<DB>, projectId: string, keyIds: string[]) {
  if (keyIds.length === 0) return;
  const found = await lockProjectKeys(trx, projectId, keyIds);
  const missing = keyIds.length - found.length;
  if (missing === 1) throw new AppError("validation_failed", "A selected key is not in this project");
  if (missing > 0) {
    throw new AppError("validation_failed", `${missing} of the selected keys are not in this project`);
  }
}
