import { z } from "zod";
import {
  addReviewKeysBodySchema,
  approvalSchema,
  createReviewBodySchema,
  projectApprovalsSchema,
  reviewDetailSchema,
  reviewListSchema,
  reviewSummarySchema,
  setApprovalBodySchema,
  updateReviewBodySchema,
} from "../schemas/reviews.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, guarded } from "./route.ts";

const reviews = endpoint.route({ tags: ["Reviews"] });
const inProject = z.object({ params: pathParams("projectId") });
const review = pathParams("reviewId");

/**
 * Reviews and approvals. Viewing needs `reviews.view`, changing a review and its keys
 * `reviews.manage`, verdicts `reviews.approve`; a review of a project the caller cannot see is 404.
 * Changes answer the review as the Reviews list shows it; the detail is `get`.
 */
export const reviewsContract = {
  list: reviews
    .route({
      method: "GET",
      path: "/projects/{projectId}/reviews",
      summary: "The project's reviews, newest change first",
    })
    .errors(guarded)
    .input(inProject)
    .output(reviewListSchema),
  create: reviews
    .route({
      method: "POST",
      path: "/projects/{projectId}/reviews",
      successStatus: 201,
      summary: "Create a review (pending, owned by the caller), optionally with keys",
      description:
        "Title required ('Title is required'); title and description are trimmed. Every key must be the project's, or nothing is created (400).",
    })
    .errors(changing)
    .input(inProject.extend({ body: createReviewBodySchema }))
    .output(reviewSummarySchema),
  approvals: reviews
    .route({
      method: "GET",
      path: "/projects/{projectId}/approvals",
      summary: "Current verdicts per key and language across the project's reviews",
      description:
        "For each key and language, the newest approval or 'needs changes' that still matches the string; pending cells are absent.",
    })
    .errors(guarded)
    .input(inProject)
    .output(projectApprovalsSchema),
  get: reviews
    .route({
      method: "GET",
      path: "/reviews/{reviewId}",
      summary: "A review with its keys, strings, verdicts and approved / total per language",
    })
    .errors(guarded)
    .input(z.object({ params: review }))
    .output(reviewDetailSchema),
  update: reviews
    .route({
      method: "PATCH",
      path: "/reviews/{reviewId}",
      summary: "Change title, description, status or languages done",
      description:
        "Marking every project language done completes the review; status pending (re-open) empties languagesDone. languagesDone must be project languages (400); a review without keys cannot be completed (400).",
    })
    .errors(changing)
    .input(z.object({ params: review, body: updateReviewBodySchema }))
    .output(reviewSummarySchema),
  remove: reviews
    .route({
      method: "DELETE",
      path: "/reviews/{reviewId}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete a review with its verdicts",
    })
    .errors(guarded)
    .input(z.object({ params: review })),
  addKeys: reviews
    .route({
      method: "POST",
      path: "/reviews/{reviewId}/keys",
      summary: "Add keys to a review (Add to Review, Add key)",
      description:
        "Keys already in the review stay there once. Every key must be the project's, or nothing changes (400).",
    })
    .errors(changing)
    .input(z.object({ params: review, body: addReviewKeysBodySchema }))
    .output(reviewSummarySchema),
  removeKey: reviews
    .route({
      method: "DELETE",
      path: "/reviews/{reviewId}/keys/{keyId}",
      summary: "Take a key out of a review, with its verdicts",
      description: "A key that is not in the review changes nothing.",
    })
    .errors(guarded)
    .input(z.object({ params: pathParams("reviewId", "keyId") }))
    .output(reviewSummarySchema),
  setApproval: reviews
    .route({
      method: "PUT",
      path: "/reviews/{reviewId}/approvals",
      summary: "Approve a key's translation in one language, mark it needs changes, or reset it",
      description:
        "The verdict names the string version it judged: when the string changes afterwards, the cell is pending again. State pending removes the verdict; a comment is kept with needs_changes only. The key must be in the review and the language the project's (400). Answers the cell's verdict.",
    })
    .errors(changing)
    .input(z.object({ params: review, body: setApprovalBodySchema }))
    .output(approvalSchema),
};
