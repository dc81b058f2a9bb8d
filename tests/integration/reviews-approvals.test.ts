import type { AnyContractProcedure } from "@orpc/contract";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail, type InputOf, requestOf, routeOf } from "../helpers/contract-client.ts";
import { buildTeam, buildUser, memberOf, saveString, signInAs } from "../helpers/factories.ts";
import {
  createReview,
  getReview,
  listenToBus,
  projectWithKeys,
  setApproval,
  tick,
} from "../helpers/reviews.ts";
import { openEventStream } from "../helpers/sse.ts";

// Approvals of reviews (issue 6; spec points 3–5, 7, 8), who may use the review routes, and their
// realtime events, against a real database.
const api = apiAppForThisFile();

const eventsUrl = (projectId: string) =>
  `${api().app.url}${requestOf(contract.events.stream, { params: { projectId } }).path}`;

/** One review route with its input, sent as any client: the table rows of "who may". */
function attempt<P extends AnyContractProcedure>(procedure: P, input: InputOf<P>) {
  return { route: routeOf(procedure), send: (client: ApiClient) => call(client, procedure, input) };
}

describe("approvals", () => {
  it("approves, asks for changes with a comment, resets to pending, and counts per language", async () => {
    const { owner, teamId, projectId, keys } = await projectWithKeys(api());
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
    const { client: reviewer, email: reviewerEmail } = await memberOf(api(), teamId, "reviewer");
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
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "T", keyIds: [keys.a] });
    const refuse = (body: unknown) =>
      fail(owner, contract.reviews.setApproval, { params: { reviewId: review.id }, body });
    const outside = await refuse({ keyId: keys.b, language: "de", state: "approved" });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe("This key is not in this review");
    const language = await refuse({ keyId: keys.a, language: "it", state: "approved" });
    expect(language.status).toBe(400);
    expect(language.body.error.message).toBe("Italian is not a language of this project");
    const state = await refuse({ keyId: keys.a, language: "de", state: "great" });
    expect(state.status).toBe(400);
  });

  it("goes back to pending when the string changes after the verdict", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
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
    const approvals = await call(owner, contract.reviews.approvals, { params: { projectId } });
    expect(approvals.body.approvals).toEqual([]);

    // Judged again, it counts again; a string deleted and written anew (version 1 again) does not.
    await setApproval(owner, review.id, { keyId: keys.b, language: "de", state: "approved" });
    expect((await getReview(owner, review.id)).approvalCounts.de?.approved).toBe(1);
    await setApproval(owner, review.id, { keyId: keys.a, language: "de", state: "approved" });
    expect((await getReview(owner, review.id)).approvalCounts.de?.approved).toBe(2);
    await call(owner, contract.strings.clearLanguage, { params: { projectId, lang: "de" } });
    await saveString(owner, keys.b, "de", "Die Biene");
    const rewritten = await getReview(owner, review.id);
    expect(rewritten.keys.find((k) => k.id === keys.b)?.strings.de?.version).toBe(1);
    expect(rewritten.keys.find((k) => k.id === keys.b)?.approvals.de).toBeUndefined();
    // `a.key` was judged without a German string and still has none: that verdict stands.
    expect(rewritten.keys.find((k) => k.id === keys.a)?.approvals.de?.state).toBe("approved");
    expect(rewritten.approvalCounts.de?.approved).toBe(1);
  });

  it("answers the project's current verdicts, the newest across reviews", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
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
    const answer = await call(owner, contract.reviews.approvals, { params: { projectId } });
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
    const after = await call(owner, contract.reviews.approvals, { params: { projectId } });
    expect(after.body.approvals.map((a) => `${a.keyId}:${a.language}`)).toEqual([`${keys.a}:en`]);
  });
});

describe("who may", () => {
  it("lets owners, admins and reviewers use every review route; outsiders get 404, the signed-out 401", async () => {
    const { owner, teamId, projectId, keys } = await projectWithKeys(api());
    const members: Record<string, ApiClient> = { owner };
    for (const role of ["admin", "reviewer"] as const) {
      members[role] = (await memberOf(api(), teamId, role)).client;
    }
    for (const [role, client] of Object.entries(members)) {
      const created = await call(client, contract.reviews.create, {
        params: { projectId },
        body: { title: `By ${role}`, keyIds: [keys.a] },
      });
      expect(created.status, role).toBe(201);
      const reviewId = created.body.id;
      const calls = [
        [attempt(contract.reviews.list, { params: { projectId } }), 200],
        [attempt(contract.reviews.approvals, { params: { projectId } }), 200],
        [attempt(contract.reviews.get, { params: { reviewId } }), 200],
        [attempt(contract.reviews.update, { params: { reviewId }, body: { languagesDone: ["de"] } }), 200],
        [attempt(contract.reviews.addKeys, { params: { reviewId }, body: { keyIds: [keys.b] } }), 200],
        [attempt(contract.reviews.removeKey, { params: { reviewId, keyId: keys.b } }), 200],
        [
          attempt(contract.reviews.setApproval, {
            params: { reviewId },
            body: { keyId: keys.a, language: "de", state: "approved" },
          }),
          200,
        ],
        [attempt(contract.reviews.remove, { params: { reviewId } }), 204],
      ] as const;
      for (const [{ route, send }, status] of calls) {
        expect((await send(client)).status, `${role} ${route}`).toBe(status);
      }
    }

    const review = await createReview(owner, projectId, { title: "Kept", keyIds: [keys.a] });
    const outsider = await signInAs(await buildUser(api().app));
    await buildTeam(outsider, { name: "Elsewhere" });
    const anonymous = api().client();
    const reviewId = review.id;
    const calls = [
      attempt(contract.reviews.list, { params: { projectId } }),
      attempt(contract.reviews.create, { params: { projectId }, body: { title: "Sneaky" } }),
      attempt(contract.reviews.approvals, { params: { projectId } }),
      attempt(contract.reviews.get, { params: { reviewId } }),
      attempt(contract.reviews.update, { params: { reviewId }, body: { title: "Sneaky" } }),
      attempt(contract.reviews.addKeys, { params: { reviewId }, body: { keyIds: [keys.b] } }),
      attempt(contract.reviews.removeKey, { params: { reviewId, keyId: keys.a } }),
      attempt(contract.reviews.setApproval, {
        params: { reviewId },
        body: { keyId: keys.a, language: "de", state: "approved" },
      }),
      attempt(contract.reviews.remove, { params: { reviewId } }),
    ];
    for (const { route, send } of calls) {
      expect((await send(outsider)).status, `outsider ${route}`).toBe(404);
      expect((await send(anonymous)).status, `anonymous ${route}`).toBe(401);
    }
    const untouched = await getReview(owner, review.id);
    expect(untouched).toMatchObject({ title: "Kept", keyCount: 1, languagesDone: [] });
    expect(untouched.keys[0]?.approvals).toEqual({});
    const list = await call(owner, contract.reviews.list, { params: { projectId } });
    expect(list.body.reviews.map((r) => r.title)).toEqual(["Kept"]);
  });
});

describe("realtime", () => {
  it("publishes review.updated after each change, and deleted: true on delete", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const viewer = await openEventStream(eventsUrl(projectId), owner.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      const review = await createReview(owner, projectId, { title: "Live", keyIds: [keys.a] });
      const created = await viewer.waitFor((e) => e.event === "review.updated");
      expect(created.data).toEqual({ reviewId: review.id });

      await setApproval(owner, review.id, { keyId: keys.a, language: "en", state: "approved" });
      await call(owner, contract.reviews.remove, { params: { reviewId: review.id } });
      const deleted = await viewer.waitFor(
        (e) => e.event === "review.updated" && (e.data as { deleted?: boolean }).deleted === true,
      );
      expect(deleted.data).toEqual({ reviewId: review.id, deleted: true });
    } finally {
      await viewer.close();
    }
  });

  it("publishes once per committed change and nothing when nothing changed", async () => {
    const { owner, projectId, keys } = await projectWithKeys(api());
    const review = await createReview(owner, projectId, { title: "Counted", keyIds: [keys.a] });
    const bus = await listenToBus(api());
    try {
      const reviewId = review.id;
      await call(owner, contract.reviews.update, { params: { reviewId }, body: { title: "Counted!" } });
      await call(owner, contract.reviews.addKeys, { params: { reviewId }, body: { keyIds: [keys.b] } });
      await call(owner, contract.reviews.removeKey, { params: { reviewId, keyId: keys.b } });
      await setApproval(owner, reviewId, { keyId: keys.a, language: "de", state: "approved" });
      // No change, no event: a key already there, a pending cell set to pending, a key not in it.
      await call(owner, contract.reviews.addKeys, { params: { reviewId }, body: { keyIds: [keys.a] } });
      await setApproval(owner, reviewId, { keyId: keys.a, language: "fr", state: "pending" });
      await call(owner, contract.reviews.removeKey, { params: { reviewId, keyId: keys.Z } });
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
