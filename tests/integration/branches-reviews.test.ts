import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { addKeyOn, createBranch, diffOf, on, saveOn } from "../helpers/branches.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import { pngBytes } from "../helpers/images.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { keyClient } from "../helpers/transfer.ts";

const api = apiAppForThisFile();

/** An owner's project in en and de with one key, and a branch that adds a key and changes one. */
async function world() {
  const setup = await ownerWithProject(api(), ["de"]);
  const { owner, projectId } = setup;
  const title = await buildKey(owner, projectId, "home.title", {
    source: "Welcome",
    strings: { de: "Willkommen" },
  });
  const branch = await createBranch(owner, projectId, "feature/checkout");
  const pay = await addKeyOn(owner, projectId, branch.id, "checkout.pay", "Pay now");
  await saveOn(owner, branch.id, pay, "de", "Jetzt bezahlen");
  await saveOn(owner, branch.id, title, "de", "Hallo");
  return { ...setup, branch, keys: { title, pay } };
}

async function reviewOn(client: ApiClient, projectId: string, branchId: string, keyIds: string[]) {
  const created = await call(
    client,
    contract.reviews.create,
    { params: { projectId }, body: { title: "Checkout texts", keyIds } },
    on(branchId),
  );
  expect(created.status).toBe(201);
  return created.body;
}

async function complete(client: ApiClient, reviewId: string) {
  const done = await call(client, contract.reviews.update, {
    params: { reviewId },
    body: { languagesDone: ["en", "de"] },
  });
  expect(done.body.status).toBe("completed");
}

/** A screenshot of `keyId` uploaded while the Overview shows the branch. */
async function uploadOn(client: ApiClient, branchId: string, keyId: string, name: string) {
  const file = new File([new Uint8Array(pngBytes(40, 20))], name);
  const uploaded = await call(
    client,
    contract.screenshots.upload,
    { params: { keyId }, body: { file } },
    on(branchId),
  );
  expect(uploaded.status).toBe(201);
  return uploaded.body;
}

describe("branches: reviews and comments of a branch's keys", () => {
  it("reviews the branch's texts on the branch, apart from main's reviews", async () => {
    const { owner, projectId, branch, keys } = await world();
    const review = await reviewOn(owner, projectId, branch.id, [keys.pay, keys.title]);
    expect(review).toMatchObject({ branchId: branch.id, branchName: "feature/checkout", keyCount: 2 });
    await call(owner, contract.reviews.create, { params: { projectId }, body: { title: "Main's" } });

    const list = async (branchId?: string) =>
      (
        await call(owner, contract.reviews.list, { params: { projectId } }, branchId ? on(branchId) : {})
      ).body.reviews.map((r) => r.title);
    expect(await list(branch.id)).toEqual(["Checkout texts"]);
    // Main's Reviews screen lists them all, a branch's named.
    const all = await call(owner, contract.reviews.list, { params: { projectId } });
    expect(all.body.reviews.map((r) => `${r.title} (${r.branchName ?? "main"})`)).toEqual([
      "Main's (main)",
      "Checkout texts (feature/checkout)",
    ]);

    // The review reads the branch whichever branch the caller is on: it is the branch's.
    const detail = await call(owner, contract.reviews.get, { params: { reviewId: review.id } });
    expect(detail.body.keys.map((k) => `${k.key}: ${k.strings.de?.value}`)).toEqual([
      "checkout.pay: Jetzt bezahlen",
      "home.title: Hallo",
    ]);
    const approved = await call(owner, contract.reviews.setApproval, {
      params: { reviewId: review.id },
      body: { keyId: keys.pay, language: "de", state: "approved" },
    });
    expect(approved.body.state).toBe("approved");
    const cells = await call(owner, contract.reviews.approvals, { params: { projectId } }, on(branch.id));
    expect(
      cells.body.approvals.map((a) => `${a.keyId === keys.pay ? "pay" : a.keyId} ${a.language}: ${a.state}`),
    ).toEqual(["pay de: approved"]);
    const mainCells = await call(owner, contract.reviews.approvals, { params: { projectId } });
    expect(mainCells.body.approvals).toEqual([]);
    // Main's string is untouched by the branch's review.
    const mainTitle = await call(owner, contract.strings.history, {
      params: { keyId: keys.title, lang: "de" },
    });
    expect(mainTitle.body.entries.map((h) => h.value)).toEqual(["Willkommen"]);
  });

  it("lets a coding agent's review key list and judge a branch's review, reading the branch's texts", async () => {
    const { owner, projectId, branch, keys } = await world();
    const review = await reviewOn(owner, projectId, branch.id, [keys.pay, keys.title]);
    await call(owner, contract.reviews.create, { params: { projectId }, body: { title: "Main's" } });
    const { key } = await createScopedKey(owner, projectId, ["review"]);
    const agent = keyClient(api().app.url, key);

    const list = await call(agent, v1Contract.reviewer.listReviews, { query: {} });
    expect(list.status).toBe(200);
    expect(
      list.body.reviews.map((r) => ({
        title: r.title,
        branch: r.branch,
        de: r.languages.find((l) => l.language === "de")?.pending,
      })),
    ).toEqual([
      { title: "Main's", branch: null, de: 0 },
      { title: "Checkout texts", branch: "feature/checkout", de: 2 },
    ]);

    const pending = await call(agent, v1Contract.reviewer.listReviewKeys, {
      params: { reviewId: review.id },
      query: { language: "de" },
    });
    expect(pending.status).toBe(200);
    expect(pending.body.keys.map((k) => `${k.key}: ${k.source} / ${k.pending[0]?.text}`)).toEqual([
      "checkout.pay: Pay now / Jetzt bezahlen",
      "home.title: Welcome / Hallo",
    ]);

    // A key the branch added is judged by its name, as main's keys are.
    const judged = await call(agent, v1Contract.reviewer.setVerdict, {
      params: { reviewId: review.id },
      body: { key: "checkout.pay", language: "de", verdict: "approved" },
    });
    expect(judged.status).toBe(200);
    const cells = await call(owner, contract.reviews.approvals, { params: { projectId } }, on(branch.id));
    expect(
      cells.body.approvals.map((a) => `${a.keyId === keys.pay ? "pay" : a.keyId} ${a.language}: ${a.state}`),
    ).toEqual(["pay de: approved"]);
  });

  it("keeps a comment on a key added on the branch, and the key's thread after the merge", async () => {
    const { owner, branch, keys } = await world();
    const posted = await call(
      owner,
      contract.comments.create,
      { params: { keyId: keys.pay, lang: "de" }, body: { body: "Is 'bezahlen' the word we use?" } },
      on(branch.id),
    );
    expect(posted.status).toBe(201);
    // On main the key does not exist yet.
    expect(
      (await fail(owner, contract.comments.thread, { params: { keyId: keys.pay, lang: "de" } })).status,
    ).toBe(404);
    const merged = await call(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(merged.status).toBe(200);
    const thread = await call(owner, contract.comments.thread, { params: { keyId: keys.pay, lang: "de" } });
    expect(thread.body.comments.map((c) => c.body)).toEqual(["Is 'bezahlen' the word we use?"]);
    // Deleting the key on main deletes its thread, as before.
    expect((await call(owner, contract.keys.remove, { params: { keyId: keys.pay } })).status).toBe(204);
    const left = await api().db.selectFrom("comments").select("id").where("key_id", "=", keys.pay).execute();
    expect(left).toEqual([]);
  });

  it("refuses a comment or a review key that names no key, on main or on the branch", async () => {
    const { owner, projectId, branch } = await world();
    const missing = "00000000-0000-4000-8000-000000000000";
    const comment = await fail(
      owner,
      contract.comments.create,
      { params: { keyId: missing, lang: "de" }, body: { body: "Hello" } },
      on(branch.id),
    );
    expect(comment.status).toBe(404);
    const review = await fail(
      owner,
      contract.reviews.create,
      { params: { projectId }, body: { title: "Nothing", keyIds: [missing] } },
      on(branch.id),
    );
    expect(review).toMatchObject({
      status: 400,
      body: { error: { message: "A selected key is not in this project" } },
    });
  });

  it("merges only after a completed review of every change, when the project asks for one", async () => {
    const { owner, projectId, branch, keys } = await world();
    const set = await call(owner, contract.branches.settings, {
      params: { projectId },
      body: { mergeRequiresReview: true },
    });
    expect(set.body).toMatchObject({ mergeRequiresReview: true, mainProtected: false });

    const noReview = "Merging needs a completed review of this branch's changes";
    expect(await diffOf(owner, branch.id)).toMatchObject({ blockedBy: noReview, reviewNeeded: true });
    const refused = await fail(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(refused).toMatchObject({ status: 403, body: { error: { message: noReview } } });

    // A review of one of the two changed keys is not enough.
    const partial = await reviewOn(owner, projectId, branch.id, [keys.title]);
    await complete(owner, partial.id);
    expect((await diffOf(owner, branch.id)).blockedBy).toBe(
      "1 changed key is not in a completed review of this branch",
    );
    const whole = await reviewOn(owner, projectId, branch.id, [keys.title, keys.pay]);
    await complete(owner, whole.id);
    expect(await diffOf(owner, branch.id)).toMatchObject({ blockedBy: null, reviewNeeded: false });

    // A change after the review was completed needs another look.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveOn(owner, branch.id, keys.title, "de", "Hallo!");
    expect((await diffOf(owner, branch.id)).blockedBy).toBe(
      "The branch changed after its review was completed: review the changes again",
    );
    const again = await reviewOn(owner, projectId, branch.id, [keys.title]);
    await complete(owner, again.id);
    const merged = await call(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(merged.body).toMatchObject({ keysAdded: 1, strings: 1 });
    const main = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(main.body.keys.map((k) => `${k.key}: ${k.strings.de?.value}`)).toEqual([
      "checkout.pay: Jetzt bezahlen",
      "home.title: Hallo!",
    ]);
    // Main's own changes need no review; a completed review of a branch stays with the branch.
    await saveString(owner, keys.title, "de", "Hallo zusammen");
    const reviews = await call(owner, contract.reviews.list, { params: { projectId } }, on(branch.id));
    expect(reviews.body.reviews.every((r) => r.status === "completed")).toBe(true);
  });

  it("links a screenshot to a key added on the branch, reads it there, and keeps it after the merge", async () => {
    const { owner, projectId, branch, keys } = await world();
    const shot = await uploadOn(owner, branch.id, keys.pay, "checkout.png");
    expect(shot.keys).toEqual([{ keyId: keys.pay, rect: null }]);
    // Linked on the branch to main's key as well, with a rectangle: a screenshot is the project's.
    const rect = { x: 2, y: 2, width: 10, height: 5 };
    const linked = await call(
      owner,
      contract.screenshots.link,
      { params: { id: shot.id }, body: { links: [{ keyId: keys.title, rect }] } },
      on(branch.id),
    );
    expect(linked.status).toBe(200);
    expect(linked.body.keys).toEqual(
      expect.arrayContaining([
        { keyId: keys.pay, rect: null },
        { keyId: keys.title, rect },
      ]),
    );
    const onBranch = await call(
      owner,
      contract.screenshots.listForKey,
      { params: { keyId: keys.pay } },
      on(branch.id),
    );
    expect(onBranch.body.screenshots.map((s) => s.name)).toEqual(["checkout.png"]);
    const project = await call(
      owner,
      contract.screenshots.listForProject,
      { params: { projectId } },
      on(branch.id),
    );
    expect(project.body.screenshots.map((s) => s.id)).toEqual([shot.id]);
    // On main the key does not exist yet; main's key shows the shared screenshot.
    expect((await fail(owner, contract.screenshots.listForKey, { params: { keyId: keys.pay } })).status).toBe(
      404,
    );
    const mainTitle = await call(owner, contract.screenshots.listForKey, { params: { keyId: keys.title } });
    expect(mainTitle.body.screenshots).toMatchObject([{ id: shot.id, rect }]);

    // Unlinked on the branch, main's key loses it too; the key added there keeps its own.
    const unlinked = await call(
      owner,
      contract.screenshots.unlink,
      { params: { id: shot.id, keyId: keys.title } },
      on(branch.id),
    );
    expect(unlinked.body.keys).toEqual([{ keyId: keys.pay, rect: null }]);

    const merged = await call(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(merged.status).toBe(200);
    const onMain = await call(owner, contract.screenshots.listForKey, { params: { keyId: keys.pay } });
    expect(onMain.body.screenshots.map((s) => s.id)).toEqual([shot.id]);
  });

  it("refuses a screenshot link to a key the branch deleted, and forgets the links of a key deleted there", async () => {
    const { owner, projectId, branch, keys } = await world();
    const shot = await uploadOn(owner, branch.id, keys.pay, "checkout.png");
    expect(
      (await call(owner, contract.keys.remove, { params: { keyId: keys.title } }, on(branch.id))).status,
    ).toBe(204);
    const refused = await fail(
      owner,
      contract.screenshots.link,
      { params: { id: shot.id }, body: { links: [{ keyId: keys.title, rect: null }] } },
      on(branch.id),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { message: "Every key must be a key of the screenshot's project" } },
    });
    // A key added on the branch and deleted there lists no link anywhere; the screenshot stays the
    // project's, and the merge forgets the key's link with the branch's row of it.
    expect(
      (await call(owner, contract.keys.remove, { params: { keyId: keys.pay } }, on(branch.id))).status,
    ).toBe(204);
    const listed = async (options = {}) =>
      (await call(owner, contract.screenshots.listForProject, { params: { projectId } }, options)).body
        .screenshots;
    expect(await listed(on(branch.id))).toMatchObject([{ id: shot.id, keys: [] }]);
    expect(await listed()).toMatchObject([{ id: shot.id, keys: [] }]);
    expect((await call(owner, contract.branches.merge, { params: { id: branch.id }, body: {} })).status).toBe(
      200,
    );
    const links = await api()
      .db.selectFrom("screenshot_keys")
      .select("key_id")
      .where("screenshot_id", "=", shot.id)
      .execute();
    expect(links).toEqual([]);
  });

  it("names the branch in the activity of changes made on it, and no branch in main's", async () => {
    const { owner, teamId, projectId, branch, keys } = await world();
    // Main's save in the same minute as the branch's is an entry of its own.
    await saveString(owner, keys.title, "de", "Willkommen!");
    await reviewOn(owner, projectId, branch.id, [keys.pay]);
    const removed = await call(owner, contract.keys.remove, { params: { keyId: keys.pay } }, on(branch.id));
    expect(removed.status).toBe(204);

    const page = await call(owner, contract.activity.list, { params: { teamId }, query: { projectId } });
    const where = (kind: string) =>
      page.body.entries.filter((e) => e.kind === kind).map((e) => e.details.branch ?? "main");
    expect(where("key.created").sort()).toEqual(["feature/checkout", "main"]);
    expect(where("review.created")).toEqual(["feature/checkout"]);
    expect(where("key.deleted")).toEqual(["feature/checkout"]);
    expect(where("branch.created")).toEqual(["feature/checkout"]);
    const edits = page.body.entries.filter((e) => e.kind === "strings.edited");
    const onBranch = edits.filter((e) => e.details.branch === "feature/checkout");
    // Within a minute here: the branch's two saves are one entry (a minute's boundary would split it).
    expect(onBranch.reduce((sum, e) => sum + e.count, 0)).toBe(2);
    expect(onBranch.flatMap((e) => e.keys.map((k) => k.key)).sort()).toEqual(["checkout.pay", "home.title"]);
    const onMain = edits.filter((e) => e.details.branch === undefined);
    expect(onMain.flatMap((e) => e.languages)).toContain("de");
    expect(onMain.flatMap((e) => e.keys.map((k) => k.key))).toEqual(expect.arrayContaining(["home.title"]));
  });
});
