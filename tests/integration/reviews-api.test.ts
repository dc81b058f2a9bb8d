import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { UpdateReviewBody } from "../../src/shared/schemas/reviews.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, buildUser, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { createReview, getReview, projectWithKeys, setApproval, tick } from "../helpers/reviews.ts";

// Reviews (issue 6; spec points 3–5, 7, 8): creating, listing, keys and states, against a real
// database. Approvals, permissions and realtime: reviews-approvals.test.ts.
const api = apiAppForThisFile();

describe("creating and listing reviews", () => {
  it("creates a pending review owned by the caller, trimmed, with the selected keys once", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, {
      title: "  Release 2.0  ",
      description: "  Check the new screens  ",
      keyIds: [keys.a, keys.b, keys.a],
    });
    expect(review).toMatchObject({
      projectId,
      title: "Release 2.0",
      description: "Check the new screens",
      status: "pending",
      completed: false,
      ownerName: "Olga Owner",
      assignee: "Unassigned",
      keyCount: 2,
      languagesDone: [],
    });
    expect(review.ownerUserId).toEqual(expect.any(String));
    expect(review.createdAt).toBe(review.lastUpdatedAt);
    const detail = await getReview(owner, review.id);
    expect(detail).toMatchObject({ ...review, languages: ["en", "de", "fr"], sourceLanguage: "en" });
    expect(detail.keys.map((k) => k.key)).toEqual(["a.key", "b.key"]);

    const bare = await createReview(owner, projectId, { title: "No keys" });
    expect(bare).toMatchObject({ description: "", keyCount: 0 });
    expect((await getReview(owner, bare.id)).approvalCounts).toEqual({
      en: { approved: 0, total: 0 },
      de: { approved: 0, total: 0 },
      fr: { approved: 0, total: 0 },
    });
  });

  it("refuses a missing title with the spec's text, and keys of another project, creating nothing", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    for (const body of [{}, { title: "   " }, { title: "", description: "x" }]) {
      const answer = await fail(owner, contract.reviews.create, { params: { projectId }, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: "validation_failed", message: "Title is required" });
    }
    const other = await ownerWithProject(api(), ["de"]);
    const foreign = await buildKey(other.owner, other.projectId, "foreign");
    const mixed = await fail(owner, contract.reviews.create, {
      params: { projectId },
      body: { title: "Mixed", keyIds: [keys.a, foreign] },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe("A selected key is not in this project");
    const list = await call(owner, contract.reviews.list, { params: { projectId } });
    expect(list.body.reviews).toEqual([]);
  });

  it("lists the project's reviews, newest change first", async () => {
    const { owner, projectId } = await projectWithKeys(api());
    const first = await createReview(owner, projectId, { title: "First" });
    await tick();
    const second = await createReview(owner, projectId, { title: "Second" });
    await tick();
    const third = await createReview(owner, projectId, { title: "Third" });
    await tick();
    const list = () => call(owner, contract.reviews.list, { params: { projectId } });
    expect((await list()).body.reviews.map((r) => r.title)).toEqual(["Third", "Second", "First"]);

    const renamed = await call(owner, contract.reviews.update, {
      params: { reviewId: first.id },
      body: { title: "  First, renamed " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("First, renamed");
    expect(renamed.body.lastUpdatedAt > first.lastUpdatedAt).toBe(true);
    const after = (await list()).body.reviews;
    expect(after.map((r) => r.id)).toEqual([first.id, third.id, second.id]);
    expect(after[0]).toMatchObject({ title: "First, renamed", keyCount: 0, assignee: "Unassigned" });

    // Another project's reviews are not listed.
    const other = await ownerWithProject(api(), []);
    await createReview(other.owner, other.projectId, { title: "Elsewhere" });
    expect((await list()).body.reviews).toHaveLength(3);
  });
});

describe("review detail", () => {
  it("answers keys in byte order with their strings, and 'Review not found' otherwise", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.b, keys.a, keys.Z] });
    const detail = await getReview(owner, review.id);
    expect(detail.keys.map((k) => k.key)).toEqual(["Z.key", "a.key", "b.key"]);
    const b = detail.keys[2];
    expect(b?.strings.en).toMatchObject({ value: "Bee", version: 1 });
    expect(b?.strings.de).toMatchObject({ value: "Biene", version: 1 });
    expect(b?.strings.fr).toBeUndefined();
    expect(b?.approvals).toEqual({});

    const missing = await fail(owner, contract.reviews.get, {
      params: { reviewId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: "not_found", message: "Review not found" });
    const malformed = await fail(owner, contract.reviews.get, { params: { reviewId: "not-a-uuid" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({ code: "bad_request", message: '"not-a-uuid" is not a valid id' });
    const outsider = await signInAs(await buildUser(api().app));
    const hidden = await fail(outsider, contract.reviews.get, { params: { reviewId: review.id } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe("Review not found");
  });

  it("deletes a review", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "Doomed", keyIds: [keys.a] });
    await setApproval(owner, review.id, { keyId: keys.a, language: "en", state: "approved" });
    const params = { reviewId: review.id };
    expect((await call(owner, contract.reviews.remove, { params })).status).toBe(204);
    expect((await fail(owner, contract.reviews.get, { params })).status).toBe(404);
    expect((await fail(owner, contract.reviews.remove, { params })).status).toBe(404);
    const approvals = await api()
      .db.selectFrom("review_approvals")
      .selectAll()
      .where("review_id", "=", review.id)
      .execute();
    expect(approvals).toEqual([]);
  });
});

describe("keys of a review", () => {
  it("adds keys once, refuses keys of another project without changing anything, removes keys", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a] });
    await tick();

    const params = { reviewId: review.id };
    const added = await call(owner, contract.reviews.addKeys, {
      params,
      body: { keyIds: [keys.a, keys.b, keys.b] },
    });
    expect(added.status).toBe(200);
    expect(added.body.keyCount).toBe(2);
    expect((await getReview(owner, review.id)).keys.map((k) => k.key)).toEqual(["a.key", "b.key"]);
    expect(added.body.lastUpdatedAt > review.lastUpdatedAt).toBe(true);

    const other = await ownerWithProject(api(), ["de"]);
    const foreign = await buildKey(other.owner, other.projectId, "foreign");
    for (const keyIds of [
      [keys.Z, foreign],
      [keys.Z, "00000000-0000-4000-8000-000000000000", foreign],
    ]) {
      const refused = await fail(owner, contract.reviews.addKeys, { params, body: { keyIds } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/not in this project/);
    }
    const malformed = await fail(owner, contract.reviews.addKeys, { params, body: { keyIds: ["nope"] } });
    expect(malformed.status).toBe(400);
    const empty = await fail(owner, contract.reviews.addKeys, { params, body: { keyIds: [] } });
    expect(empty.body.error.message).toBe("Select at least one key");
    const unchanged = await getReview(owner, review.id);
    expect(unchanged.keys.map((k) => k.key)).toEqual(["a.key", "b.key"]);
    expect(unchanged.lastUpdatedAt).toBe(added.body.lastUpdatedAt);

    const removeA = { params: { reviewId: review.id, keyId: keys.a } };
    const removed = await call(owner, contract.reviews.removeKey, removeA);
    expect(removed.status).toBe(200);
    expect(removed.body.keyCount).toBe(1);
    expect((await getReview(owner, review.id)).keys.map((k) => k.key)).toEqual(["b.key"]);
    // A key no longer in the review: nothing to do.
    const again = await call(owner, contract.reviews.removeKey, removeA);
    expect(again.status).toBe(200);
    expect(again.body.lastUpdatedAt).toBe(removed.body.lastUpdatedAt);
    const malformedKey = { params: { reviewId: review.id, keyId: "nope" } };
    expect((await fail(owner, contract.reviews.removeKey, malformedKey)).status).toBe(400);
  });

  it("loses a key deleted from the project, with its verdicts", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a, keys.b] });
    await setApproval(owner, review.id, { keyId: keys.b, language: "de", state: "approved" });
    expect((await call(owner, contract.keys.remove, { params: { keyId: keys.b } })).status).toBe(204);
    const detail = await getReview(owner, review.id);
    expect(detail.keys.map((k) => k.key)).toEqual(["a.key"]);
    expect(detail.keyCount).toBe(1);
    expect(detail.approvalCounts.de).toEqual({ approved: 0, total: 1 });
    const approvals = await call(owner, contract.reviews.approvals, { params: { projectId } });
    expect(approvals.body.approvals).toEqual([]);
  });
});

describe("review states", () => {
  it("marks languages done in project order, completes when all are done, re-opening unmarks them", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a] });
    const patch = (body: UpdateReviewBody) =>
      call(owner, contract.reviews.update, { params: { reviewId: review.id }, body });

    const one = await patch({ languagesDone: ["de"] });
    expect(one.body).toMatchObject({ languagesDone: ["de"], status: "pending", completed: false });
    const two = await patch({ languagesDone: ["fr", "de", "fr"] });
    expect(two.body).toMatchObject({ languagesDone: ["de", "fr"], status: "pending" });

    const all = await patch({ languagesDone: ["fr", "en", "de"] });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      languagesDone: ["en", "de", "fr"],
      status: "completed",
      completed: true,
    });
    const listed = await call(owner, contract.reviews.list, { params: { projectId } });
    expect(listed.body.reviews[0]).toMatchObject({ completed: true, languagesDone: ["en", "de", "fr"] });

    const reopened = await patch({ status: "pending" });
    expect(reopened.body).toMatchObject({ status: "pending", completed: false, languagesDone: [] });

    const completed = await patch({ status: "completed" });
    expect(completed.body).toMatchObject({ status: "completed", languagesDone: [] });
  });

  it("refuses to complete a review without keys, by status or by its last language (issue 34)", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "T" });
    const params = { reviewId: review.id };
    const patch = (body: UpdateReviewBody) => call(owner, contract.reviews.update, { params, body });
    const refuse = (body: UpdateReviewBody) => fail(owner, contract.reviews.update, { params, body });
    const refusal = { code: "validation_failed", message: "A review without keys cannot be marked as done" };

    const byStatus = await refuse({ status: "completed" });
    expect(byStatus.status).toBe(400);
    expect(byStatus.body.error).toEqual(refusal);
    // Some languages done is no completion: that stays possible.
    expect((await patch({ languagesDone: ["de"] })).body).toMatchObject({ languagesDone: ["de"] });
    const byLanguages = await refuse({ languagesDone: ["en", "de", "fr"] });
    expect(byLanguages.status).toBe(400);
    expect(byLanguages.body.error).toEqual(refusal);
    expect(await getReview(owner, review.id)).toMatchObject({ status: "pending", languagesDone: ["de"] });

    // Once it has a key, it can be completed.
    await call(owner, contract.reviews.addKeys, { params, body: { keyIds: [keys.a] } });
    expect((await patch({ status: "completed" })).body).toMatchObject({ status: "completed" });
  });

  it("refuses a language the project does not have, and an empty change", async () => {
    const { owner, projectId } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "T" });
    const params = { reviewId: review.id };
    await call(owner, contract.reviews.update, { params, body: { languagesDone: ["de"] } });
    const bad = await fail(owner, contract.reviews.update, { params, body: { languagesDone: ["de", "it"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Italian is not a language of this project");
    const nothing = await fail(owner, contract.reviews.update, { params, body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe("Nothing to update");
    const blank = await fail(owner, contract.reviews.update, { params, body: { title: " " } });
    expect(blank.body.error.message).toBe("Title is required");
    expect((await getReview(owner, review.id)).languagesDone).toEqual(["de"]);
  });
});
