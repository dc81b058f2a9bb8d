import { contract } from "../../../src/shared/contract/index.ts";
import { call } from "../contract-client.ts";
import { byPermission, endpointCase, type Fixture, type RouteCase, unique } from "./matrix.ts";

/** A new comment of the owner on the fixture key's German string. */
async function ownersComment(f: Fixture): Promise<string> {
  const made = await call(f.owner, contract.comments.create, {
    params: { keyId: f.keyId, lang: "de" },
    body: { body: unique("Matrix comment ") },
  });
  if (made.status !== 201) throw new Error(`making a comment failed: ${JSON.stringify(made.body)}`);
  return made.body.id;
}

/** Rows of the route × role matrix for comment threads (issue 21). */
export const COMMENT_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.comments.thread,
    input: (f) => ({ params: { keyId: f.keyId, lang: "de" } }),
    expected: byPermission("comments.view", 200),
  }),
  endpointCase({
    endpoint: contract.comments.create,
    input: (f) => ({ params: { keyId: f.keyId, lang: "de" }, body: { body: unique("Comment ") } }),
    expected: byPermission("comments.write", 201),
  }),
  // Only the author edits: the owner's comment is theirs alone.
  endpointCase({
    endpoint: contract.comments.update,
    input: async (f) => ({ params: { id: await ownersComment(f) }, body: { body: unique("Edited ") } }),
    expected: { anonymous: 401, outsider: 404, reviewer: 403, admin: 403, owner: 200 },
  }),
  // Someone else's comment: owners and admins delete it, a reviewer may not.
  endpointCase({
    endpoint: contract.comments.remove,
    input: async (f) => ({ params: { id: await ownersComment(f) } }),
    expected: byPermission("comments.moderate", 204),
  }),
  endpointCase({
    endpoint: contract.comments.resolve,
    input: (f) => ({ params: { keyId: f.keyId, lang: "de" } }),
    expected: byPermission("comments.write", 200),
  }),
  endpointCase({
    endpoint: contract.comments.reopen,
    input: (f) => ({ params: { keyId: f.keyId, lang: "de" } }),
    expected: byPermission("comments.write", 200),
  }),
  endpointCase({
    endpoint: contract.comments.counts,
    input: (f) => ({ params: { projectId: f.projectId }, query: { language: "de" } }),
    expected: byPermission("comments.view", 200),
  }),
  endpointCase({
    endpoint: contract.comments.people,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("comments.view", 200),
  }),
  endpointCase({
    endpoint: contract.comments.review,
    input: async (f) => ({ params: { reviewId: await f.freshReview() } }),
    expected: byPermission("comments.view", 200),
  }),
];
