import type { Transaction } from "kysely";
import { languageName } from "../../shared/languages.ts";
import type { ApprovalState } from "../../shared/schemas/reviews.ts";
import { MACHINE_APPROVAL_REFUSED } from "../../shared/schemas/v1-reviewer.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type ApprovalRow, lockCellString, lockProjectKeys } from "./queries.ts";

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

/** A dry run's verdict, thrown out of its transaction so that everything it did is undone. */
export class DryRun extends Error {
  constructor(readonly row: ApprovalRow | undefined) {
    super("dry run");
  }
}

/** One verdict on a key's string in a language; `pending` removes it. */
export interface Verdict {
  keyId: string;
  language: string;
  state: ApprovalState;
  comment?: string | undefined;
}

/** An agent approves a person's text only: machine output is for a person to check (issue 36). */
export async function mayAgentApprove(trx: Transaction<DB>, cell: { keyId: string; language: string }) {
  const string = await lockCellString(trx, cell);
  if (!string)
    throw new AppError("validation_failed", `There is no ${languageName(cell.language)} text to approve`);
  if (string.machine !== null) throw new AppError("forbidden", MACHINE_APPROVAL_REFUSED);
}
