import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
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
} from "../../shared/schemas/reviews.ts";
import type { AuthService } from "../auth/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";
import { requireUser } from "../http/session.ts";
import { jsonBody } from "../http/validate.ts";
import type { ReviewService } from "./service.ts";

const tags = ["Reviews"];
const guarded = { 401: problems[401], 403: problems[403], 404: problems[404] };
const changing = { 400: problems[400], ...guarded };
/** Changes answer the review as the Reviews list shows it; the detail is GET /reviews/:reviewId. */
const changedReview = ok(reviewSummarySchema, "The review as it is now");

/**
 * Reviews and approvals (issue 6). Viewing needs `reviews.view`, changing a review and its keys
 * `reviews.manage`, verdicts `reviews.approve`; a review of a project the caller cannot see is 404.
 */
export function reviewRoutes(authService: AuthService, reviews: ReviewService) {
  return new Hono<AppEnv>()
    .use("/projects/:projectId/reviews", requireUser(authService))
    .use("/projects/:projectId/approvals", requireUser(authService))
    .use("/reviews/*", requireUser(authService))
    .get(
      "/projects/:projectId/reviews",
      describeRoute({
        tags,
        summary: "The project's reviews, newest change first",
        responses: { 200: ok(reviewListSchema), ...guarded },
      }),
      async (c) => c.json({ reviews: await reviews.list(c.var.user.id, c.req.param("projectId")) }),
    )
    .post(
      "/projects/:projectId/reviews",
      describeRoute({
        tags,
        summary: "Create a review (pending, owned by the caller), optionally with keys",
        description:
          "Title required ('Title is required'); title and description are trimmed. Every key must be the project's, or nothing is created (400).",
        responses: { 201: ok(reviewSummarySchema, "Created"), ...changing },
      }),
      jsonBody(createReviewBodySchema),
      async (c) =>
        c.json(await reviews.create(c.var.user.id, c.req.param("projectId"), c.req.valid("json")), 201),
    )
    .get(
      "/projects/:projectId/approvals",
      describeRoute({
        tags,
        summary: "Current verdicts per key and language across the project's reviews",
        description:
          "For each key and language, the newest approval or 'needs changes' that still matches the string; pending cells are absent.",
        responses: { 200: ok(projectApprovalsSchema), ...guarded },
      }),
      async (c) => c.json(await reviews.projectApprovals(c.var.user.id, c.req.param("projectId"))),
    )
    .get(
      "/reviews/:reviewId",
      describeRoute({
        tags,
        summary: "A review with its keys, strings, verdicts and approved / total per language",
        responses: { 200: ok(reviewDetailSchema), ...guarded },
      }),
      async (c) => c.json(await reviews.get(c.var.user.id, c.req.param("reviewId"))),
    )
    .patch(
      "/reviews/:reviewId",
      describeRoute({
        tags,
        summary: "Change title, description, status or languages done",
        description:
          "Marking every project language done completes the review; status pending (re-open) empties languagesDone. languagesDone must be project languages (400).",
        responses: { 200: changedReview, ...changing },
      }),
      jsonBody(updateReviewBodySchema),
      async (c) => c.json(await reviews.update(c.var.user.id, c.req.param("reviewId"), c.req.valid("json"))),
    )
    .delete(
      "/reviews/:reviewId",
      describeRoute({
        tags,
        summary: "Delete a review with its verdicts",
        responses: { 204: { description: "Deleted" }, ...guarded },
      }),
      async (c) => {
        await reviews.remove(c.var.user.id, c.req.param("reviewId"));
        return c.body(null, 204);
      },
    )
    .post(
      "/reviews/:reviewId/keys",
      describeRoute({
        tags,
        summary: "Add keys to a review (Add to Review, Add key)",
        description:
          "Keys already in the review stay there once. Every key must be the project's, or nothing changes (400).",
        responses: { 200: changedReview, ...changing },
      }),
      jsonBody(addReviewKeysBodySchema),
      async (c) => c.json(await reviews.addKeys(c.var.user.id, c.req.param("reviewId"), c.req.valid("json"))),
    )
    .delete(
      "/reviews/:reviewId/keys/:keyId",
      describeRoute({
        tags,
        summary: "Take a key out of a review, with its verdicts",
        description: "A key that is not in the review changes nothing.",
        responses: { 200: changedReview, ...guarded },
      }),
      async (c) =>
        c.json(await reviews.removeKey(c.var.user.id, c.req.param("reviewId"), c.req.param("keyId"))),
    )
    .put(
      "/reviews/:reviewId/approvals",
      describeRoute({
        tags,
        summary: "Approve a key's translation in one language, mark it needs changes, or reset it",
        description:
          "The verdict names the string version it judged: when the string changes afterwards, the cell is pending again. State pending removes the verdict; a comment is kept with needs_changes only. The key must be in the review and the language the project's (400). Answers the cell's verdict.",
        responses: { 200: ok(approvalSchema, "The cell's verdict as it is now"), ...changing },
      }),
      jsonBody(setApprovalBodySchema),
      async (c) =>
        c.json(await reviews.setApproval(c.var.user.id, c.req.param("reviewId"), c.req.valid("json"))),
    );
}
