import pg from "pg";
import { describe, expect, it } from "vitest";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import type {
  Approval,
  ProjectApprovals,
  ReviewDetail,
  ReviewSummary,
} from "../../src/shared/schemas/reviews.ts";
import {
  type ApiClient,
  addMember,
  apiAppForThisFile,
  ownerWithProject,
  uniqueEmail,
} from "../helpers/api-app.ts";
import { openEventStream } from "../helpers/sse.ts";

// Reviews and approvals (issue 6; spec points 3–5, 7, 8): the server side against a real database.
const api = apiAppForThisFile();

interface ErrorBody {
  error: { code: string; message: string };
}

async function addKey(owner: ApiClient, projectId: string, key: string, sourceValue?: string) {
  const created = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
    body: sourceValue === undefined ? { key } : { key, sourceValue },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function saveString(client: ApiClient, keyId: string, language: string, value: string) {
  const saved = await client.request("PUT", `/api/keys/${keyId}/strings/${language}`, {
    body: { value, force: true },
  });
  expect(saved.status).toBe(200);
}

/** An owner (named) with a project in en, de, fr and three keys; `b.key` has a German string. */
async function projectWithKeys() {
  const setup = await ownerWithProject(api(), ["de", "fr"]);
  const { owner, projectId } = setup;
  await owner.request("PUT", "/api/profile", { body: { firstName: "Olga", lastName: "Owner" } });
  const b = await addKey(owner, projectId, "b.key", "Bee");
  const a = await addKey(owner, projectId, "a.key", "Ay");
  const Z = await addKey(owner, projectId, "Z.key", "Zed");
  await saveString(owner, b, "de", "Biene");
  return { ...setup, keys: { a, b, Z } };
}

async function createReview(client: ApiClient, projectId: string, body: Record<string, unknown>) {
  const created = await client.request<ReviewSummary>("POST", `/api/projects/${projectId}/reviews`, { body });
  expect(created.status).toBe(201);
  return created.body;
}

async function getReview(client: ApiClient, reviewId: string) {
  const answer = await client.request<ReviewDetail>("GET", `/api/reviews/${reviewId}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function setApproval(client: ApiClient, reviewId: string, body: Record<string, unknown>) {
  return client.request<Approval & ErrorBody>("PUT", `/api/reviews/${reviewId}/approvals`, { body });
}

/** The event bus's own channel (src/server/events/event-bus.ts), on either database. */
async function listenToBus(): Promise<{ seen: unknown[]; stop: () => Promise<void> }> {
  const seen: unknown[] = [];
  const { pglite } = api().app.server.database;
  if (pglite) {
    const stop = await pglite.listen("sprog_events", (payload) => seen.push(JSON.parse(payload)));
    return { seen, stop };
  }
  const client = new pg.Client({ connectionString: api().app.config.DATABASE_URL });
  await client.connect();
  client.on("notification", (message) => {
    if (message.payload) seen.push(JSON.parse(message.payload));
  });
  await client.query("listen sprog_events");
  return { seen, stop: () => client.end() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("creating and listing reviews", () => {
  it("creates a pending review owned by the caller, trimmed, with the selected keys once", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
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
    const { owner, projectId, keys } = await projectWithKeys();
    for (const body of [{}, { title: "   " }, { title: "", description: "x" }]) {
      const answer = await owner.request<ErrorBody>("POST", `/api/projects/${projectId}/reviews`, { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: "validation_failed", message: "Title is required" });
    }
    const other = await ownerWithProject(api(), ["de"]);
    const foreign = await addKey(other.owner, other.projectId, "foreign");
    const mixed = await owner.request<ErrorBody>("POST", `/api/projects/${projectId}/reviews`, {
      body: { title: "Mixed", keyIds: [keys.a, foreign] },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe("A selected key is not in this project");
    const list = await owner.request<{ reviews: ReviewSummary[] }>(
      "GET",
      `/api/projects/${projectId}/reviews`,
    );
    expect(list.body.reviews).toEqual([]);
  });

  it("lists the project's reviews, newest change first", async () => {
    const { owner, projectId } = await projectWithKeys();
    const first = await createReview(owner, projectId, { title: "First" });
    await tick();
    const second = await createReview(owner, projectId, { title: "Second" });
    await tick();
    const third = await createReview(owner, projectId, { title: "Third" });
    await tick();
    const list = () =>
      owner.request<{ reviews: ReviewSummary[] }>("GET", `/api/projects/${projectId}/reviews`);
    expect((await list()).body.reviews.map((r) => r.title)).toEqual(["Third", "Second", "First"]);

    const renamed = await owner.request<ReviewSummary>("PATCH", `/api/reviews/${first.id}`, {
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
    const { owner, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.b, keys.a, keys.Z] });
    const detail = await getReview(owner, review.id);
    expect(detail.keys.map((k) => k.key)).toEqual(["Z.key", "a.key", "b.key"]);
    const b = detail.keys[2];
    expect(b?.strings.en).toMatchObject({ value: "Bee", version: 1 });
    expect(b?.strings.de).toMatchObject({ value: "Biene", version: 1 });
    expect(b?.strings.fr).toBeUndefined();
    expect(b?.approvals).toEqual({});

    const missing = await owner.request<ErrorBody>(
      "GET",
      "/api/reviews/00000000-0000-4000-8000-000000000000",
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ code: "not_found", message: "Review not found" });
    const malformed = await owner.request<ErrorBody>("GET", "/api/reviews/not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({ code: "bad_request", message: '"not-a-uuid" is not a valid id' });
    const outsider = await api().signIn(uniqueEmail("outsider"));
    const hidden = await outsider.request<ErrorBody>("GET", `/api/reviews/${review.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe("Review not found");
  });

  it("deletes a review", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "Doomed", keyIds: [keys.a] });
    await setApproval(owner, review.id, { keyId: keys.a, language: "en", state: "approved" });
    expect((await owner.request("DELETE", `/api/reviews/${review.id}`)).status).toBe(204);
    expect((await owner.request("GET", `/api/reviews/${review.id}`)).status).toBe(404);
    expect((await owner.request("DELETE", `/api/reviews/${review.id}`)).status).toBe(404);
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
    const { owner, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a] });
    await tick();

    const added = await owner.request<ReviewSummary>("POST", `/api/reviews/${review.id}/keys`, {
      body: { keyIds: [keys.a, keys.b, keys.b] },
    });
    expect(added.status).toBe(200);
    expect(added.body.keyCount).toBe(2);
    expect((await getReview(owner, review.id)).keys.map((k) => k.key)).toEqual(["a.key", "b.key"]);
    expect(added.body.lastUpdatedAt > review.lastUpdatedAt).toBe(true);

    const other = await ownerWithProject(api(), ["de"]);
    const foreign = await addKey(other.owner, other.projectId, "foreign");
    for (const keyIds of [
      [keys.Z, foreign],
      [keys.Z, "00000000-0000-4000-8000-000000000000", foreign],
    ]) {
      const refused = await owner.request<ErrorBody>("POST", `/api/reviews/${review.id}/keys`, {
        body: { keyIds },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/not in this project/);
    }
    const malformed = await owner.request<ErrorBody>("POST", `/api/reviews/${review.id}/keys`, {
      body: { keyIds: ["nope"] },
    });
    expect(malformed.status).toBe(400);
    const empty = await owner.request<ErrorBody>("POST", `/api/reviews/${review.id}/keys`, {
      body: { keyIds: [] },
    });
    expect(empty.body.error.message).toBe("Select at least one key");
    const unchanged = await getReview(owner, review.id);
    expect(unchanged.keys.map((k) => k.key)).toEqual(["a.key", "b.key"]);
    expect(unchanged.lastUpdatedAt).toBe(added.body.lastUpdatedAt);

    const removed = await owner.request<ReviewSummary>("DELETE", `/api/reviews/${review.id}/keys/${keys.a}`);
    expect(removed.status).toBe(200);
    expect(removed.body.keyCount).toBe(1);
    expect((await getReview(owner, review.id)).keys.map((k) => k.key)).toEqual(["b.key"]);
    // A key no longer in the review: nothing to do.
    const again = await owner.request<ReviewSummary>("DELETE", `/api/reviews/${review.id}/keys/${keys.a}`);
    expect(again.status).toBe(200);
    expect(again.body.lastUpdatedAt).toBe(removed.body.lastUpdatedAt);
    expect((await owner.request("DELETE", `/api/reviews/${review.id}/keys/nope`)).status).toBe(400);
  });

  it("loses a key deleted from the project, with its verdicts", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a, keys.b] });
    await setApproval(owner, review.id, { keyId: keys.b, language: "de", state: "approved" });
    expect((await owner.request("DELETE", `/api/keys/${keys.b}`)).status).toBe(204);
    const detail = await getReview(owner, review.id);
    expect(detail.keys.map((k) => k.key)).toEqual(["a.key"]);
    expect(detail.keyCount).toBe(1);
    expect(detail.approvalCounts.de).toEqual({ approved: 0, total: 1 });
    const approvals = await owner.request<ProjectApprovals>("GET", `/api/projects/${projectId}/approvals`);
    expect(approvals.body.approvals).toEqual([]);
  });
});

describe("review states", () => {
  it("marks languages done in project order, completes when all are done, re-opening unmarks them", async () => {
    const { owner, projectId } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T" });
    const patch = (body: unknown) =>
      owner.request<ReviewSummary & ErrorBody>("PATCH", `/api/reviews/${review.id}`, { body });

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
    const listed = await owner.request<{ reviews: ReviewSummary[] }>(
      "GET",
      `/api/projects/${projectId}/reviews`,
    );
    expect(listed.body.reviews[0]).toMatchObject({ completed: true, languagesDone: ["en", "de", "fr"] });

    const reopened = await patch({ status: "pending" });
    expect(reopened.body).toMatchObject({ status: "pending", completed: false, languagesDone: [] });

    const completed = await patch({ status: "completed" });
    expect(completed.body).toMatchObject({ status: "completed", languagesDone: [] });
  });

  it("refuses a language the project does not have, and an empty change", async () => {
    const { owner, projectId } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T" });
    await owner.request("PATCH", `/api/reviews/${review.id}`, { body: { languagesDone: ["de"] } });
    const bad = await owner.request<ErrorBody>("PATCH", `/api/reviews/${review.id}`, {
      body: { languagesDone: ["de", "it"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Italian is not a language of this project");
    const nothing = await owner.request<ErrorBody>("PATCH", `/api/reviews/${review.id}`, { body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe("Nothing to update");
    const blank = await owner.request<ErrorBody>("PATCH", `/api/reviews/${review.id}`, {
      body: { title: " " },
    });
    expect(blank.body.error.message).toBe("Title is required");
    expect((await getReview(owner, review.id)).languagesDone).toEqual(["de"]);
  });
});

describe("approvals", () => {
  it("approves, asks for changes with a comment, resets to pending, and counts per language", async () => {
    const { owner, teamId, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a, keys.b] });
    const approved = await setApproval(owner, review.id, {
      keyId: keys.b,
      language: "de",
      state: "approved",
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: "approved", comment: null, byName: "Olga Owner" });
    expect(approved.body.byUserId).toBe(review.ownerUserId);
    expect(Date.parse(approved.body.at ?? "")).not.toBeNaN();
    const afterApproval = await getReview(owner, review.id);
    expect(afterApproval.keys.find((k) => k.id === keys.b)?.approvals.de).toEqual(approved.body);
    expect(afterApproval.approvalCounts).toEqual({
      en: { approved: 0, total: 2 },
      de: { approved: 1, total: 2 },
      fr: { approved: 0, total: 2 },
    });

    // A reviewer without a name shows as their e-mail.
    const reviewerEmail = uniqueEmail("reviewer");
    const reviewer = await api().signIn(reviewerEmail);
    await addMember(api().db, teamId, reviewerEmail, "reviewer");
    const changes = await setApproval(reviewer, review.id, {
      keyId: keys.a,
      language: "en",
      state: "needs_changes",
      comment: "  Too formal  ",
    });
    expect(changes.status).toBe(200);
    expect(changes.body).toMatchObject({
      state: "needs_changes",
      comment: "Too formal",
      byName: reviewerEmail,
    });

    // A language without a string can be judged too (the string version judged is 0); a comment
    // stays with 'needs changes' only.
    const missing = await setApproval(owner, review.id, {
      keyId: keys.a,
      language: "fr",
      state: "approved",
      comment: "Fine",
    });
    expect(missing.body).toMatchObject({ state: "approved", comment: null });

    const reset = await setApproval(owner, review.id, { keyId: keys.b, language: "de", state: "pending" });
    expect(reset.body).toEqual({ state: "pending", comment: null, byUserId: null, byName: null, at: null });
    const detail = await getReview(owner, review.id);
    expect(detail.keys.find((k) => k.id === keys.b)?.approvals.de).toBeUndefined();
    expect(detail.keys.find((k) => k.id === keys.a)?.approvals).toMatchObject({
      en: { state: "needs_changes", comment: "Too formal" },
      fr: { state: "approved" },
    });
    expect(detail.approvalCounts).toEqual({
      en: { approved: 0, total: 2 },
      de: { approved: 0, total: 2 },
      fr: { approved: 1, total: 2 },
    });
  });

  it("refuses a key outside the review and a language outside the project", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a] });
    const outside = await setApproval(owner, review.id, { keyId: keys.b, language: "de", state: "approved" });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe("This key is not in this review");
    const language = await setApproval(owner, review.id, {
      keyId: keys.a,
      language: "it",
      state: "approved",
    });
    expect(language.status).toBe(400);
    expect(language.body.error.message).toBe("Italian is not a language of this project");
    const state = await setApproval(owner, review.id, { keyId: keys.a, language: "de", state: "great" });
    expect(state.status).toBe(400);
  });

  it("goes back to pending when the string changes after the verdict", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a, keys.b] });
    await setApproval(owner, review.id, { keyId: keys.b, language: "de", state: "approved" });
    await setApproval(owner, review.id, { keyId: keys.a, language: "fr", state: "needs_changes" });

    // Saving the same value is no change: the verdict stands.
    await saveString(owner, keys.b, "de", "Biene");
    expect((await getReview(owner, review.id)).approvalCounts.de?.approved).toBe(1);

    await saveString(owner, keys.b, "de", "Die Biene");
    await saveString(owner, keys.a, "fr", "Eh");
    const detail = await getReview(owner, review.id);
    expect(detail.keys.find((k) => k.id === keys.b)?.approvals).toEqual({});
    expect(detail.keys.find((k) => k.id === keys.a)?.approvals).toEqual({});
    expect(detail.approvalCounts.de).toEqual({ approved: 0, total: 2 });
    const approvals = await owner.request<ProjectApprovals>("GET", `/api/projects/${projectId}/approvals`);
    expect(approvals.body.approvals).toEqual([]);

    // Judged again, it counts again; a string deleted and written anew (version 1 again) does not.
    await setApproval(owner, review.id, { keyId: keys.b, language: "de", state: "approved" });
    expect((await getReview(owner, review.id)).approvalCounts.de?.approved).toBe(1);
    await setApproval(owner, review.id, { keyId: keys.a, language: "de", state: "approved" });
    expect((await getReview(owner, review.id)).approvalCounts.de?.approved).toBe(2);
    await owner.request("DELETE", `/api/projects/${projectId}/strings/de`);
    await saveString(owner, keys.b, "de", "Die Biene");
    const rewritten = await getReview(owner, review.id);
    expect(rewritten.keys.find((k) => k.id === keys.b)?.strings.de?.version).toBe(1);
    expect(rewritten.keys.find((k) => k.id === keys.b)?.approvals.de).toBeUndefined();
    // `a.key` was judged without a German string and still has none: that verdict stands.
    expect(rewritten.keys.find((k) => k.id === keys.a)?.approvals.de?.state).toBe("approved");
    expect(rewritten.approvalCounts.de?.approved).toBe(1);
  });

  it("answers the project's current verdicts, the newest across reviews", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
    const one = await createReview(owner, projectId, { title: "One", keyIds: [keys.a, keys.b] });
    const two = await createReview(owner, projectId, { title: "Two", keyIds: [keys.b] });
    await setApproval(owner, one.id, { keyId: keys.b, language: "de", state: "approved" });
    await tick();
    await setApproval(owner, two.id, {
      keyId: keys.b,
      language: "de",
      state: "needs_changes",
      comment: "Hmm",
    });
    await setApproval(owner, one.id, { keyId: keys.a, language: "en", state: "approved" });
    const answer = await owner.request<ProjectApprovals>("GET", `/api/projects/${projectId}/approvals`);
    expect(answer.status).toBe(200);
    const byCell = Object.fromEntries(answer.body.approvals.map((a) => [`${a.keyId}:${a.language}`, a]));
    expect(Object.keys(byCell)).toHaveLength(2);
    expect(byCell[`${keys.b}:de`]).toEqual({
      keyId: keys.b,
      language: "de",
      reviewId: two.id,
      state: "needs_changes",
      comment: "Hmm",
    });
    expect(byCell[`${keys.a}:en`]).toMatchObject({ reviewId: one.id, state: "approved", comment: null });

    // The newest verdict went pending with the string: the review screens show pending, so does the Overview.
    await saveString(owner, keys.b, "de", "Bienchen");
    const after = await owner.request<ProjectApprovals>("GET", `/api/projects/${projectId}/approvals`);
    expect(after.body.approvals.map((a) => `${a.keyId}:${a.language}`)).toEqual([`${keys.a}:en`]);
  });
});

describe("who may", () => {
  it("lets owners, admins and reviewers use every review route; outsiders get 404, the signed-out 401", async () => {
    const { owner, teamId, projectId, keys } = await projectWithKeys();
    const members: Record<string, ApiClient> = { owner };
    for (const role of ["admin", "reviewer"] as const) {
      const email = uniqueEmail(role);
      members[role] = await api().signIn(email);
      await addMember(api().db, teamId, email, role);
    }
    for (const [role, client] of Object.entries(members)) {
      const created = await client.request<ReviewSummary>("POST", `/api/projects/${projectId}/reviews`, {
        body: { title: `By ${role}`, keyIds: [keys.a] },
      });
      expect(created.status, role).toBe(201);
      const id = created.body.id;
      const calls: [string, string, unknown, number][] = [
        ["GET", `/api/projects/${projectId}/reviews`, undefined, 200],
        ["GET", `/api/projects/${projectId}/approvals`, undefined, 200],
        ["GET", `/api/reviews/${id}`, undefined, 200],
        ["PATCH", `/api/reviews/${id}`, { languagesDone: ["de"] }, 200],
        ["POST", `/api/reviews/${id}/keys`, { keyIds: [keys.b] }, 200],
        ["DELETE", `/api/reviews/${id}/keys/${keys.b}`, undefined, 200],
        ["PUT", `/api/reviews/${id}/approvals`, { keyId: keys.a, language: "de", state: "approved" }, 200],
        ["DELETE", `/api/reviews/${id}`, undefined, 204],
      ];
      for (const [method, path, body, status] of calls) {
        const answer = await client.request(method, path, body === undefined ? {} : { body });
        expect(answer.status, `${role} ${method} ${path}`).toBe(status);
      }
    }

    const review = await createReview(owner, projectId, { title: "Kept", keyIds: [keys.a] });
    const outsider = await api().signIn(uniqueEmail("outsider"));
    await outsider.request("POST", "/api/teams", { body: { name: "Elsewhere" } });
    const anonymous = api().client();
    const calls: [string, string, unknown][] = [
      ["GET", `/api/projects/${projectId}/reviews`, undefined],
      ["POST", `/api/projects/${projectId}/reviews`, { title: "Sneaky" }],
      ["GET", `/api/projects/${projectId}/approvals`, undefined],
      ["GET", `/api/reviews/${review.id}`, undefined],
      ["PATCH", `/api/reviews/${review.id}`, { title: "Sneaky" }],
      ["POST", `/api/reviews/${review.id}/keys`, { keyIds: [keys.b] }],
      ["DELETE", `/api/reviews/${review.id}/keys/${keys.a}`, undefined],
      ["PUT", `/api/reviews/${review.id}/approvals`, { keyId: keys.a, language: "de", state: "approved" }],
      ["DELETE", `/api/reviews/${review.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const options = body === undefined ? {} : { body };
      expect((await outsider.request(method, path, options)).status, `outsider ${method} ${path}`).toBe(404);
      expect((await anonymous.request(method, path, options)).status, `anonymous ${method} ${path}`).toBe(
        401,
      );
    }
    const untouched = await getReview(owner, review.id);
    expect(untouched).toMatchObject({ title: "Kept", keyCount: 1, languagesDone: [] });
    expect(untouched.keys[0]?.approvals).toEqual({});
    const list = await owner.request<{ reviews: ReviewSummary[] }>(
      "GET",
      `/api/projects/${projectId}/reviews`,
    );
    expect(list.body.reviews.map((r) => r.title)).toEqual(["Kept"]);
  });
});

describe("realtime", () => {
  it("publishes review.updated after each change, and deleted: true on delete", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
    const viewer = await openEventStream(`${api().app.url}/api/projects/${projectId}/events`, owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const review = await createReview(owner, projectId, { title: "Live", keyIds: [keys.a] });
      const created = await viewer.waitFor((e) => e.event === "review.updated");
      expect(created.data).toEqual({ reviewId: review.id });

      await setApproval(owner, review.id, { keyId: keys.a, language: "en", state: "approved" });
      await owner.request("DELETE", `/api/reviews/${review.id}`);
      const deleted = await viewer.waitFor(
        (e) => e.event === "review.updated" && (e.data as { deleted?: boolean }).deleted === true,
      );
      expect(deleted.data).toEqual({ reviewId: review.id, deleted: true });
    } finally {
      await viewer.close();
    }
  });

  it("publishes once per committed change and nothing when nothing changed", async () => {
    const { owner, projectId, keys } = await projectWithKeys();
    const review = await createReview(owner, projectId, { title: "Counted", keyIds: [keys.a] });
    const bus = await listenToBus();
    try {
      await owner.request("PATCH", `/api/reviews/${review.id}`, { body: { title: "Counted!" } });
      await owner.request("POST", `/api/reviews/${review.id}/keys`, { body: { keyIds: [keys.b] } });
      await owner.request("DELETE", `/api/reviews/${review.id}/keys/${keys.b}`);
      await setApproval(owner, review.id, { keyId: keys.a, language: "de", state: "approved" });
      // No change, no event: a key already there, a pending cell set to pending, a key not in it.
      await owner.request("POST", `/api/reviews/${review.id}/keys`, { body: { keyIds: [keys.a] } });
      await setApproval(owner, review.id, { keyId: keys.a, language: "fr", state: "pending" });
      await owner.request("DELETE", `/api/reviews/${review.id}/keys/${keys.Z}`);
      const reviewEvents = () =>
        bus.seen.filter((m) => (m as { event?: { type?: string } }).event?.type === "review.updated");
      const deadline = Date.now() + 5000;
      while (reviewEvents().length < 4 && Date.now() < deadline) await tick();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reviewEvents()).toEqual(
        Array.from({ length: 4 }, () => ({
          projectId,
          event: { type: "review.updated", data: { reviewId: review.id } },
        })),
      );
    } finally {
      await bus.stop();
    }
  });
});
