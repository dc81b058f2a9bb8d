import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail, type InputOf } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import { createReview, setApproval } from "../helpers/reviews.ts";

/**
 * Issue 19: the Overview's filters and their counts, machine output marked until a person checks
 * it, and pseudo-localization that never makes a language complete. No AI_API_KEY: the built-in
 * pseudo provider answers.
 */
const api = apiAppForThisFile();

type ListQuery = InputOf<typeof contract.keys.list>["query"];
type FacetsQuery = InputOf<typeof contract.keys.facets>["query"];
type BatchBody = InputOf<typeof contract.batch.start>["body"];

async function list(owner: ApiClient, projectId: string, query: ListQuery) {
  const answer = await call(owner, contract.keys.list, { params: { projectId }, query });
  expect(answer.status, JSON.stringify(query)).toBe(200);
  return answer.body.keys.map((row) => row.key);
}

async function facets(owner: ApiClient, projectId: string, query: FacetsQuery) {
  const answer = await call(owner, contract.keys.facets, { params: { projectId }, query });
  expect(answer.status, JSON.stringify(query)).toBe(200);
  return answer.body;
}

async function completion(owner: ApiClient, projectId: string, code: string) {
  const answer = await call(owner, contract.projects.completion, { params: { projectId } });
  return answer.body.languages.find((entry) => entry.code === code);
}

async function batchUntilDone(owner: ApiClient, projectId: string, body: BatchBody) {
  const started = await call(owner, contract.batch.start, { params: { projectId }, body });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await call(owner, contract.batch.get, { params: { batchId: started.body.id } });
    if (job.body.status !== "pending" && job.body.status !== "processing") return job.body;
    if (Date.now() > deadline) throw new Error("batch did not end");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Keys: greeting (de by a person), farewell (de with a dropped placeholder), welcome, empty (no source). */
async function projectWithStrings() {
  const setup = await ownerWithProject(api(), ["de", "fr"]);
  const { owner, projectId } = setup;
  const ids = {
    greeting: await buildKey(owner, projectId, "greeting", { source: "Hello {name}" }),
    farewell: await buildKey(owner, projectId, "farewell", { source: "Bye {name}" }),
    welcome: await buildKey(owner, projectId, "welcome", { source: "Welcome" }),
    empty: await buildKey(owner, projectId, "empty"),
  };
  await saveString(owner, ids.greeting, "de", "Hallo {name}");
  await saveString(owner, ids.farewell, "de", "Tschüss");
  await call(owner, contract.keys.update, {
    params: { keyId: ids.welcome },
    body: { description: "Shown on the home page", tags: ["home", "onboarding"] },
  });
  await call(owner, contract.keys.update, { params: { keyId: ids.greeting }, body: { tags: ["home"] } });
  return { ...setup, ids };
}

describe("filters of the keys list", () => {
  it("keeps the keys each filter asks for, in the chosen language, and combines them", async () => {
    const { owner, projectId } = await projectWithStrings();
    expect(await list(owner, projectId, { lang: "de", missing: "1" })).toEqual(["welcome"]);
    expect(await list(owner, projectId, { lang: "de", translated: "1" })).toEqual(["farewell", "greeting"]);
    expect(await list(owner, projectId, { lang: "fr", missing: "1" })).toEqual([
      "farewell",
      "greeting",
      "welcome",
    ]);
    expect(await list(owner, projectId, { lang: "en", missing: "1" })).toEqual(["empty"]);
    expect(await list(owner, projectId, { lang: "de", placeholders: "1" })).toEqual(["farewell"]);
    expect(await list(owner, projectId, { tag: "home" })).toEqual(["greeting", "welcome"]);
    expect(await list(owner, projectId, { described: "1" })).toEqual(["welcome"]);
    // Combined: all must hold; with a search and paging too.
    expect(await list(owner, projectId, { lang: "de", translated: "1", tag: "home" })).toEqual(["greeting"]);
    expect(await list(owner, projectId, { lang: "de", translated: "1", q: "bye" })).toEqual(["farewell"]);
    expect(
      await list(owner, projectId, { lang: "de", translated: "1", limit: 1, after: "farewell" }),
    ).toEqual(["greeting"]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(owner, projectId, { lang: "de", changedSince: today })).toEqual([
      "farewell",
      "greeting",
    ]);
    expect(await list(owner, projectId, { lang: "de", changedSince: "2999-01-01" })).toEqual([]);
  });

  it("finds placeholder problems again after every change (the checks are kept between requests)", async () => {
    const { owner, projectId, ids } = await projectWithStrings();
    expect(await list(owner, projectId, { lang: "de", placeholders: "1" })).toEqual(["farewell"]);
    await saveString(owner, ids.farewell, "de", "Tschüss {name}");
    expect(await list(owner, projectId, { lang: "de", placeholders: "1" })).toEqual([]);
    await saveString(owner, ids.greeting, "de", "Hallo");
    expect(await list(owner, projectId, { lang: "de", placeholders: "1" })).toEqual(["greeting"]);
    expect((await facets(owner, projectId, { lang: "de" })).placeholders).toBe(1);
    // A deleted key takes its problem with it.
    await call(owner, contract.keys.remove, { params: { keyId: ids.greeting } });
    expect(await list(owner, projectId, { lang: "de", placeholders: "1" })).toEqual([]);
  });

  it("refuses a malformed filter with a clear message", async () => {
    const { owner, projectId } = await projectWithStrings();
    const bad = await fail(owner, contract.keys.list, {
      params: { projectId },
      query: { changedSince: "yesterday" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Changed since must be a date (YYYY-MM-DD)");
    const approval = await fail(owner, contract.keys.list, {
      params: { projectId },
      query: { approval: "maybe" },
    });
    expect(approval.status).toBe(400);
  });

  it("filters by the newest current review verdict", async () => {
    const { owner, projectId, ids } = await projectWithStrings();
    const review = await createReview(owner, projectId, {
      title: "Copy",
      keyIds: [ids.greeting, ids.farewell],
    });
    await setApproval(owner, review.id, { keyId: ids.greeting, language: "de", state: "approved" });
    await setApproval(owner, review.id, { keyId: ids.farewell, language: "de", state: "needs_changes" });
    expect(await list(owner, projectId, { lang: "de", approval: "approved" })).toEqual(["greeting"]);
    expect(await list(owner, projectId, { lang: "de", approval: "needs_changes" })).toEqual(["farewell"]);
    // An edit after the verdict puts the text back to pending.
    await saveString(owner, ids.greeting, "de", "Hallo, {name}");
    expect(await list(owner, projectId, { lang: "de", approval: "approved" })).toEqual([]);
    expect(await list(owner, projectId, { lang: "de", approval: "pending" })).toEqual(["greeting"]);
  });

  it("counts each filter on its own and all of them together", async () => {
    const { owner, projectId } = await projectWithStrings();
    const counts = await facets(owner, projectId, { lang: "de", tag: "home" });
    expect(counts).toMatchObject({
      language: "de",
      total: 4,
      matching: 2,
      matchingMissing: 1,
      missing: 1,
      translated: 2,
      unverified: 0,
      approved: 0,
      needsChanges: 0,
      pending: 2,
      placeholders: 1,
      described: 1,
    });
    expect(counts.tags).toEqual([
      { tag: "home", count: 2 },
      { tag: "onboarding", count: 1 },
    ]);
    // Within a search.
    expect(await facets(owner, projectId, { lang: "de", q: "bye" })).toMatchObject({
      total: 1,
      translated: 1,
    });
  });

  it("counts the Overview's groups among the matching keys, as the web names them", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    for (const key of [
      "auth.title",
      "auth.login.button",
      "auth_hint",
      "settings.title",
      "title",
      "-x",
      "über.title",
    ]) {
      await buildKey(owner, projectId, key, { source: `Text of ${key}` });
    }
    const counts = await facets(owner, projectId, { lang: "de" });
    const groups = new Map(counts.groups.map((group) => [group.name, group.count]));
    expect(groups.get("auth")).toBe(3);
    expect(groups.get("settings")).toBe(1);
    // No prefix: 'Other' (a key of one word, or one that starts with a separator).
    expect(groups.get("Other")).toBeGreaterThanOrEqual(2);
    // With a filter: only the keys it keeps.
    const filtered = await facets(owner, projectId, { lang: "de", q: "settings" });
    expect(filtered.groups).toEqual([{ name: "settings", count: 1 }]);
  });
});

describe("machine output is marked until a person checks it", () => {
  it("marks pseudo-localization, never counts it as translated or complete, and clears the mark on a save", async () => {
    const { owner, projectId, ids } = await projectWithStrings();
    const job = await batchUntilDone(owner, projectId, { language: "de" });
    expect(job).toMatchObject({ status: "completed", completedItems: 1 });
    const keys = await call(owner, contract.keys.list, { params: { projectId }, query: { languages: "de" } });
    const welcome = keys.body.keys.find((row) => row.key === "welcome");
    expect(welcome?.strings.de?.machine).toBe("pseudo");
    expect(keys.body.keys.find((row) => row.key === "greeting")?.strings.de?.machine).toBeUndefined();
    expect(await completion(owner, projectId, "de")).toMatchObject({
      isComplete: false,
      missingKeys: 0,
      translatedKeys: 2,
      pseudoKeys: 1,
      unverifiedKeys: 0,
    });
    expect(await list(owner, projectId, { lang: "de", unverified: "1" })).toEqual(["welcome"]);
    expect(await list(owner, projectId, { lang: "de", translated: "1" })).toEqual(["farewell", "greeting"]);
    const history = await call(owner, contract.strings.history, {
      params: { keyId: ids.welcome, lang: "de" },
    });
    expect(history.body.entries[0]?.origin).toBe("pseudo");

    // A person saving the same text has checked it: a new version, no mark, the language complete.
    const value = welcome?.strings.de?.value ?? "";
    const saved = await call(owner, contract.strings.save, {
      params: { keyId: ids.welcome, lang: "de" },
      body: { value, baseVersion: welcome?.strings.de?.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.cell.machine).toBeUndefined();
    expect(saved.body.cell.version).toBe(2);
    expect(await completion(owner, projectId, "de")).toMatchObject({ isComplete: true, pseudoKeys: 0 });
  });

  it("an approval of that version clears the mark", async () => {
    const { owner, projectId, ids } = await projectWithStrings();
    await batchUntilDone(owner, projectId, { language: "fr" });
    const review = await createReview(owner, projectId, { title: "French", keyIds: [ids.welcome] });
    expect(await list(owner, projectId, { lang: "fr", unverified: "1" })).toHaveLength(3);
    const approved = await setApproval(owner, review.id, {
      keyId: ids.welcome,
      language: "fr",
      state: "approved",
    });
    expect(approved.status).toBe(200);
    expect(await list(owner, projectId, { lang: "fr", unverified: "1" })).toEqual(["farewell", "greeting"]);
    // The approval still counts: clearing the mark did not make the string newer than the verdict.
    expect(await list(owner, projectId, { lang: "fr", approval: "approved" })).toEqual(["welcome"]);
  });

  it("a batch on the filtered set translates only the keys the filters keep", async () => {
    const { owner, projectId } = await projectWithStrings();
    const job = await batchUntilDone(owner, projectId, { language: "fr", filters: { tag: "home" } });
    expect(job).toMatchObject({ status: "completed", completedItems: 2 });
    expect(await list(owner, projectId, { lang: "fr", unverified: "1" })).toEqual(["greeting", "welcome"]);
    const none = await fail(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "fr", filters: { tag: "home" } },
    });
    expect(none.body.error.message).toBe("No empty translations found for French");
  });
});
