import type { Kysely } from "kysely";
import { isUuid } from "../../shared/ids.ts";
import { scopeOfBranch } from "../branches/scope-of.ts";
import type { BranchScope } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { selectReviewPlace } from "./queries.ts";

/**
 * The review's project and the branch it belongs to (undefined: main), whose scope its work runs
 * in (issue 39); 404 'Review not found' for no such review.
 */
export async function reviewPlace(
  db: Kysely<DB>,
  reviewId: string,
): Promise<{ projectId: string; scope: BranchScope | undefined }> {
  const place = isUuid(reviewId) ? await selectReviewPlace(db, reviewId) : undefined;
  if (!place) throw new AppError("not_found", "Review not found");
  return { projectId: place.project_id, scope: await scopeOfBranch(db, place.branch_id) };
}
