import { z } from "zod";
import {
  commentBodySchema,
  commentCountsQuerySchema,
  commentCountsSchema,
  commentSchema,
  commentThreadSchema,
  mentionableListSchema,
  reviewCommentListSchema,
} from "../schemas/comments.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, guarded } from "./route.ts";

const comments = endpoint.route({ tags: ["Comments"] });
const thread = z.object({ params: pathParams("keyId", "lang") });
const comment = z.object({ params: pathParams("id") });
const inProject = z.object({ params: pathParams("projectId") });

/**
 * Comment threads, one per key and language (issue 21). Reading needs `comments.view`, writing and
 * resolving `comments.write`; an author edits only their own comment and deletes it, owners and
 * admins delete any (`comments.moderate`). Resolving applies to the whole thread.
 */
export const commentsContract = {
  thread: comments
    .route({
      method: "GET",
      path: "/keys/{keyId}/comments/{lang}",
      summary: "A key and language's comments, oldest first, with the number still open",
    })
    .errors(guarded)
    .input(thread)
    .output(commentThreadSchema),
  create: comments
    .route({
      method: "POST",
      path: "/keys/{keyId}/comments/{lang}",
      successStatus: 201,
      successDescription: "Created",
      summary: "Comment on a key and language; each team member mentioned with @ gets an e-mail",
      description:
        "`mentions` are member ids picked from the autocomplete; only members of the project's team whose `@Full Name` or `@email` is in the body are kept and e-mailed (never the author).",
    })
    .errors(changing)
    .input(thread.extend({ body: commentBodySchema }))
    .output(commentSchema),
  update: comments
    .route({
      method: "PATCH",
      path: "/comments/{id}",
      summary: "Change your own comment's text (people newly mentioned get an e-mail)",
    })
    .errors(changing)
    .input(comment.extend({ body: commentBodySchema }))
    .output(commentSchema),
  remove: comments
    .route({
      method: "DELETE",
      path: "/comments/{id}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete your own comment (owners and admins: any)",
    })
    .errors(changing)
    .input(comment),
  resolve: comments
    .route({
      method: "POST",
      path: "/keys/{keyId}/comments/{lang}/resolve",
      summary: "Resolve the thread: every open comment of the key and language",
    })
    .errors(changing)
    .input(thread)
    .output(commentThreadSchema),
  reopen: comments
    .route({
      method: "POST",
      path: "/keys/{keyId}/comments/{lang}/reopen",
      summary: "Reopen the thread: the comments its last resolve closed",
    })
    .errors(changing)
    .input(thread)
    .output(commentThreadSchema),
  counts: comments
    .route({
      method: "GET",
      path: "/projects/{projectId}/comments/counts",
      summary: "Open comments per key of one language (keys without any are left out)",
    })
    .errors(changing)
    .input(inProject.extend({ query: commentCountsQuerySchema }))
    .output(commentCountsSchema),
  people: comments
    .route({
      method: "GET",
      path: "/projects/{projectId}/comments/people",
      summary: "The team members a comment can mention",
    })
    .errors(guarded)
    .input(inProject)
    .output(mentionableListSchema),
  review: comments
    .route({
      method: "GET",
      path: "/reviews/{reviewId}/comments",
      summary: "The open comments on a review's keys, in every language, oldest first",
    })
    .errors(guarded)
    .input(z.object({ params: pathParams("reviewId") }))
    .output(reviewCommentListSchema),
};
