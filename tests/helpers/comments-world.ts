import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import { type ApiApp, addMember, ownerWithProject, uniqueEmail } from "./api-app.ts";

/** An owner named Olga Owner, a reviewer named Rita Reviewer, a project (en, de, fr) with one key. */
export async function commentsWorld(app: ApiApp) {
  const { owner, email: ownerEmail, teamId, projectId } = await ownerWithProject(app, ["de", "fr"]);
  await owner.request("PUT", "/api/profile", { body: { firstName: "Olga", lastName: "Owner" } });
  const reviewerEmail = uniqueEmail("reviewer");
  const reviewer = await app.signIn(reviewerEmail);
  await addMember(app.db, teamId, reviewerEmail, "reviewer");
  await reviewer.request("PUT", "/api/profile", { body: { firstName: "Rita", lastName: "Reviewer" } });
  const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
    body: { key: "checkout.title" },
  });
  const ids = async (email: string) =>
    (await app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return {
    owner,
    ownerEmail,
    ownerId: await ids(ownerEmail),
    reviewer,
    reviewerEmail,
    reviewerId: await ids(reviewerEmail),
    teamId,
    projectId,
    keyId: key.body.id,
  };
}

export const threadPath = (keyId: string, language: string) => `/api/keys/${keyId}/comments/${language}`;
