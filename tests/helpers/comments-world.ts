import { contract } from "../../src/shared/contract/index.ts";
import type { CommentBody } from "../../src/shared/schemas/comments.ts";
import type { ApiApp, ApiClient } from "./api-app.ts";
import { call } from "./contract-client.ts";
import { buildKey, memberOf, ownerWithProject } from "./factories.ts";

/** An owner named Olga Owner, a reviewer named Rita Reviewer, a project (en, de, fr) with one key. */
export async function commentsWorld(app: ApiApp) {
  const { owner, user, email: ownerEmail, teamId, projectId } = await ownerWithProject(app, ["de", "fr"]);
  await call(owner, contract.profiles.save, { body: { firstName: "Olga", lastName: "Owner" } });
  const reviewer = await memberOf(app, teamId, "reviewer", { firstName: "Rita", lastName: "Reviewer" });
  const keyId = await buildKey(owner, projectId, "checkout.title");
  return {
    owner,
    ownerEmail,
    ownerId: user.id,
    reviewer: reviewer.client,
    reviewerEmail: reviewer.email,
    reviewerId: reviewer.user.id,
    teamId,
    projectId,
    keyId,
  };
}

/** A comment on a key in one language, as `client`. */
export function postComment(client: ApiClient, keyId: string, lang: string, body: CommentBody) {
  return call(client, contract.comments.create, { params: { keyId, lang }, body });
}

/** A key and language's thread as `client` sees it. */
export function readThread(client: ApiClient, keyId: string, lang: string) {
  return call(client, contract.comments.thread, { params: { keyId, lang } });
}
