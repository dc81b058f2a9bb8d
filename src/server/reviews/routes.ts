import { reviewsContract } from "../../shared/contract/reviews.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ReviewService } from "./service.ts";

/** Reviews and approvals, as `reviewsContract` declares them; the service checks each permission. */
export function reviewRoutes(reviews: ReviewService) {
  return contractRoutes(reviewsContract, {
    list: async ({ params }, c) => ({ reviews: await reviews.list(c.var.user.id, params.projectId) }),
    create: ({ params, body }, c) => reviews.create(c.var.user.id, params.projectId, body),
    approvals: ({ params }, c) => reviews.projectApprovals(c.var.user.id, params.projectId),
    get: ({ params }, c) => reviews.get(c.var.user.id, params.reviewId),
    update: ({ params, body }, c) => reviews.update(c.var.user.id, params.reviewId, body),
    remove: ({ params }, c) => reviews.remove(c.var.user.id, params.reviewId),
    addKeys: ({ params, body }, c) => reviews.addKeys(c.var.user.id, params.reviewId, body),
    removeKey: ({ params }, c) => reviews.removeKey(c.var.user.id, params.reviewId, params.keyId),
    setApproval: ({ params, body }, c) => reviews.setApproval(c.var.user.id, params.reviewId, body),
  });
}
