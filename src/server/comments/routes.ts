import { commentsContract } from "../../shared/contract/comments.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { CommentService } from "./service.ts";

/** Comment threads, as `commentsContract` declares them; the service checks each permission. */
export function commentRoutes(comments: CommentService) {
  return contractRoutes(commentsContract, {
    thread: ({ params }, c) => comments.thread(c.var.user.id, params.keyId, params.lang),
    create: ({ params, body }, c) => comments.create(c.var.user.id, params.keyId, params.lang, body),
    update: ({ params, body }, c) => comments.update(c.var.user.id, params.id, body),
    remove: ({ params }, c) => comments.remove(c.var.user.id, params.id),
    resolve: ({ params }, c) => comments.resolve(c.var.user.id, params.keyId, params.lang),
    reopen: ({ params }, c) => comments.reopen(c.var.user.id, params.keyId, params.lang),
    counts: ({ params, query }, c) => comments.counts(c.var.user.id, params.projectId, query.language),
    people: async ({ params }, c) => ({ people: await comments.people(c.var.user.id, params.projectId) }),
    review: async ({ params }, c) => ({ comments: await comments.review(c.var.user.id, params.reviewId) }),
  });
}
