import { z } from "zod";
import {
  listReviewsQuerySchema,
  MACHINE_APPROVAL_REFUSED,
  reviewKeysPageSchema,
  reviewKeysQuerySchema,
  reviewVerdictSchema,
  setReviewVerdictBodySchema,
  v1ReviewListSchema,
} from "../schemas/v1-reviewer.ts";
import { keyErrors, withKey } from "./key-endpoint.ts";
import { pathParams } from "./path-params.ts";
import { errorsOf } from "./route.ts";

const review = withKey("review").route({ tags: ["Reviewer"] });
const oneReview = z.object({
  reviewId: pathParams("reviewId").shape.reviewId.describe("The review's id, from list_reviews."),
});

/**
 * The public API's reviewer procedures (issue 36), key scope: review. Each has an `operationId`, its
 * MCP tool name, and a summary and description written for an agent.
 */
export const reviewerContract = {
  listReviews: review
    .route({
      method: "GET",
      path: "/v1/reviews",
      operationId: "list_reviews",
      summary: "List the project's reviews",
      description:
        "Start here to review translations: the project's reviews (open ones by default), each with how many keys it holds and, per language, how many texts still wait for a verdict. Then read one review's pending texts with list_review_keys.",
    })
    .errors(keyErrors)
    .input(z.object({ query: listReviewsQuerySchema }))
    .output(v1ReviewListSchema),
  listReviewKeys: review
    .route({
      method: "GET",
      path: "/v1/reviews/{reviewId}/keys",
      operationId: "list_review_keys",
      summary: "List a review's texts that still need a verdict",
      description:
        "The review's keys with a text no one has judged yet, per language: the source text, the text to judge, its version, whether AI or an agent wrote it, and the quality checks it fails. Paged: pass `nextCursor` back as `cursor` until it is null. Give each text a verdict with set_review_verdict.",
    })
    .errors({ bad_request: errorsOf[400], not_found: errorsOf[404], ...keyErrors })
    .input(z.object({ params: oneReview, query: reviewKeysQuerySchema }))
    .output(reviewKeysPageSchema),
  setVerdict: review
    .route({
      method: "POST",
      path: "/v1/reviews/{reviewId}/verdicts",
      operationId: "set_review_verdict",
      summary: "Approve a text of a review, or mark it needs changes",
      description: [
        "Judges one key's text in one language within a review: `approved`, or `needs_changes` with a comment saying what to fix. The verdict names the text version it judged: when the text changes later, it is pending again. It shows in the review under your client's name.",
        `Machine output (written by AI or an agent, \`machine: true\` in list_review_keys) cannot be approved by an agent: the answer is 403 "${MACHINE_APPROVAL_REFUSED}" and nothing changes; needs_changes on it is fine. A key's missing text cannot be approved either. dryRun checks and answers without changing anything.`,
      ].join("\n\n"),
    })
    .errors({ bad_request: errorsOf[400], not_found: errorsOf[404], ...keyErrors })
    .input(z.object({ params: oneReview, body: setReviewVerdictBodySchema }))
    .output(reviewVerdictSchema),
};
