import { describe, expect, it } from "vitest";
import { recordStringEdits } from "../../src/server/activity/record.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ACTIVITY_KEYS_KEPT } from "../../src/shared/schemas/activity.ts";
import { activityRows, activityTeam, entries } from "../helpers/activity.ts";
import { apiAppForThisFile, uniqueEmail } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, saveString } from "../helpers/factories.ts";
import { createScopedKey, pushWithKey } from "../helpers/key-requests.ts";
import { createReview, setApproval } from "../helpers/reviews.ts";
import { membersOf, signInInvited } from "../helpers/teams.ts";
import { createApiKey, upload } from "../helpers/transfer.ts";

// The activity feed (issue 22): each kind is written with its change, in its transaction (and
// rolled back with it). The feed's reading is in activity-feed.test.ts.

const api = apiAppForThisFile();
const setup = () => activityTeam(api());
const rowsOf = (teamId: string) => activityRows(api(), teamId);

describe("string work", () => {
  it("groups one person's edits of a project and minute into one entry with the summed count", async () => {
    const t = await setup();
    const a = await buildKey(t.owner, t.projectId, "a.key", { source: "Ay" });
    const b = await buildKey(t.owner, t.projectId, "b.key", { source: "Bee" });
    await saveString(t.owner, a, "de", "A");
    await saveString(t.owner, b, "fr", "B");
    await saveString(t.owner, a, "de", "A2");
    // Saving the same value is no change and no count.
    await saveString(t.owner, a, "de", "A2");
    await saveString(t.admin, b, "de", "Biene");

    const edits = await entries(t, "strings.edited");
    // Within one minute here; a test crossing a minute boundary would see two of Olga's.
    const olga = edits.filter((entry) => entry.user?.name === "Olga Owner");
    expect(olga.reduce((sum, entry) => sum + entry.count, 0)).toBe(3);
    const merged = olga.find((entry) => entry.count > 1) ?? olga[0];
    expect(merged).toMatchObject({ projectId: t.projectId, projectName: "Shop" });
    expect(olga.flatMap((entry) => entry.keys)).toEqual(
      expect.arrayContaining([
        { id: a, key: "a.key" },
        { id: b, key: "b.key" },
      ]),
    );
    expect(new Set(olga.flatMap((entry) => entry.languages))).toEqual(new Set(["de", "fr"]));
    expect(edits.filter((entry) => entry.user?.name === "Adam Admin")).toMatchObject([
      { count: 1, keys: [{ id: b, key: "b.key" }], languages: ["de"] },
    ]);
  });

  it("keeps at most ACTIVITY_KEYS_KEPT keys of a grouped entry, once each, and counts all", async () => {
    const t = await setup();
    const db = api().db;
    const keys = Array.from({ length: ACTIVITY_KEYS_KEPT + 5 }, (_, i) => ({
      id: crypto.randomUUID(),
      key: `k${i}`,
    }));
    await db.transaction().execute(async (trx) => {
      for (const key of keys.slice(0, 30)) {
        await recordStringEdits(trx, {
          teamId: t.teamId,
          projectId: t.projectId,
          userId: t.ownerUserId,
          keys: [key],
          languages: ["de"],
          count: 1,
        });
      }
      // The same keys again under newer names, then more: repeats are kept once, with the newer name.
      await recordStringEdits(trx, {
        teamId: t.teamId,
        projectId: t.projectId,
        userId: t.ownerUserId,
        keys: keys.map((key) => ({ ...key, key: `${key.key}!` })),
        languages: ["fr"],
        count: keys.length,
      });
    });
    const [entry] = await entries(t, "strings.edited");
    expect(entry?.count).toBe(30 + keys.length);
    expect(entry?.keys).toEqual(
      keys.slice(0, ACTIVITY_KEYS_KEPT).map((key) => ({ ...key, key: `${key.key}!` })),
    );
    expect(entry?.languages).toEqual(["de", "fr"]);
  });

  it("records a restore from history and emptying a language as edits", async () => {
    const t = await setup();
    const a = await buildKey(t.owner, t.projectId, "a.key", { source: "Ay" });
    await saveString(t.admin, a, "de", "Eins");
    await saveString(t.admin, a, "de", "Zwei");
    const history = await call(t.admin, contract.strings.history, { params: { keyId: a, lang: "de" } });
    const first = history.body.entries.find((entry) => entry.value === "Eins");
    const restored = await call(t.admin, contract.strings.restore, {
      params: { keyId: a, lang: "de" },
      body: { historyId: Number(first?.id) },
    });
    expect(restored.status).toBe(200);
    expect((await entries(t, "strings.edited")).reduce((sum, entry) => sum + entry.count, 0)).toBe(3);

    await saveString(t.owner, a, "fr", "Un");
    const emptied = await call(t.owner, contract.strings.clearLanguage, {
      params: { projectId: t.projectId, lang: "fr" },
    });
    expect(emptied.status).toBeLessThan(300);
    const olga = (await entries(t, "strings.edited")).filter((entry) => entry.user?.name === "Olga Owner");
    expect(olga.reduce((sum, entry) => sum + entry.count, 0)).toBe(2);
  });

  it("records an import with its file, languages and counts, and nothing for a file that fails", async () => {
    const t = await setup();
    const imported = await upload(
      t.owner,
      t.projectId,
      "de.json",
      JSON.stringify({ hello: "Hallo", bye: "Tschüss" }),
      {
        language: "de",
      },
    );
    expect(imported.status).toBe(200);
    expect(await entries(t, "strings.imported")).toMatchObject([
      {
        user: { name: "Olga Owner" },
        count: 2,
        languages: ["de"],
        details: { fileName: "de.json", format: "json", keysAdded: 2 },
      },
    ]);

    const bad = await upload(t.owner, t.projectId, "fr.json", "{ not json", { language: "fr" });
    expect(bad.status).toBe(400);
    expect(await entries(t, "strings.imported")).toHaveLength(1);
  });

  it("records a push in the API key creator's name; a dry run rolls its entry back with the rest", async () => {
    const t = await setup();
    const key = await createScopedKey(t.owner, t.projectId, ["push"]);
    const file = { name: "en.json", bytes: JSON.stringify({ title: "Title", body: "Body" }) };
    const dry = await pushWithKey(api().app.url, key.key, file, { language: "en", dryRun: "true" });
    expect(dry.status).toBe(200);
    // The dry run's transaction wrote the entry and was rolled back: nothing is left of it.
    expect((await rowsOf(t.teamId)).filter((row) => row.kind === "strings.pushed")).toEqual([]);

    const pushed = await pushWithKey(api().app.url, key.key, file, { language: "en" });
    expect(pushed.status).toBe(200);
    expect(await entries(t, "strings.pushed")).toMatchObject([
      {
        user: { id: t.ownerUserId, name: "Olga Owner" },
        count: 2,
        languages: ["en"],
        details: { apiKey: "push", files: "en.json", keysAdded: 2, keysDeleted: 0 },
      },
    ]);
  });

  it("records a batch translation's start and its end with the translated and failed counts", async () => {
    const t = await setup();
    await buildKey(t.owner, t.projectId, "a.key", { source: "Apple" });
    await buildKey(t.owner, t.projectId, "b.key", { source: "Banana" });
    const start = { params: { projectId: t.projectId }, body: { language: "de" } };
    const started = await call(t.admin, contract.batch.start, start);
    expect(started.status).toBe(201);
    const deadline = Date.now() + 30_000;
    const batchId = started.body.id;
    while (
      ["pending", "processing"].includes(
        (await call(t.admin, contract.batch.get, { params: { batchId } })).body.status,
      )
    ) {
      if (Date.now() > deadline) throw new Error("the batch did not end");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const batch = await entries(t, "batch.started", "batch.completed");
    expect(batch).toMatchObject([
      {
        kind: "batch.completed",
        user: { name: "Adam Admin" },
        count: 2,
        languages: ["de"],
        details: { batchId: started.body.id, status: "completed", translated: 2, failed: 0 },
      },
      {
        kind: "batch.started",
        user: { name: "Adam Admin" },
        count: 2,
        details: { batchId: started.body.id },
      },
    ]);
    // Nothing to translate any more: refused, and no second start is recorded.
    const again = await fail(t.admin, contract.batch.start, start);
    expect(again.status).toBe(400);
    expect(await entries(t, "batch.started")).toHaveLength(1);
  });
});

describe("keys and reviews", () => {
  it("records a key's creation, rename (old and new name) and deletion; a conflict records nothing", async () => {
    const t = await setup();
    const id = await buildKey(t.owner, t.projectId, "old.name", { source: "Old" });
    await buildKey(t.owner, t.projectId, "taken", { source: "Taken" });
    const duplicate = await fail(t.owner, contract.keys.create, {
      params: { projectId: t.projectId },
      body: { key: "taken" },
    });
    expect(duplicate.status).toBe(409);
    const clash = await fail(t.owner, contract.keys.update, {
      params: { keyId: id },
      body: { key: "taken" },
    });
    expect(clash.status).toBe(409);
    const renamed = await call(t.owner, contract.keys.update, {
      params: { keyId: id },
      body: { key: "new.name" },
    });
    expect(renamed.status).toBe(200);
    expect((await call(t.owner, contract.keys.remove, { params: { keyId: id } })).status).toBe(204);

    expect(await entries(t, "key.created", "key.renamed", "key.deleted")).toMatchObject([
      { kind: "key.deleted", keys: [{ id, key: "new.name" }], count: 1 },
      { kind: "key.renamed", keys: [{ id, key: "new.name" }], details: { from: "old.name", to: "new.name" } },
      { kind: "key.created", keys: [{ key: "taken" }] },
      {
        kind: "key.created",
        keys: [{ id, key: "old.name" }],
        languages: ["en"],
        user: { name: "Olga Owner" },
      },
    ]);
  });

  it("records a review's creation, its completion once, and each approval", async () => {
    const t = await setup();
    const a = await buildKey(t.owner, t.projectId, "a.key", { source: "Ay" });
    await saveString(t.owner, a, "de", "A");
    const review = await createReview(t.reviewer, t.projectId, { title: "Launch", keyIds: [a] });
    const approved = await setApproval(t.reviewer, review.id, {
      keyId: a,
      language: "de",
      state: "approved",
    });
    expect(approved.status).toBe(200);
    await setApproval(t.reviewer, review.id, { keyId: a, language: "fr", state: "needs_changes" });
    const params = { reviewId: review.id };
    const done = { languagesDone: ["en", "de", "fr"] };
    expect((await call(t.reviewer, contract.reviews.update, { params, body: done })).status).toBe(200);
    // Already completed: renaming it is no second completion.
    const renamed = await call(t.reviewer, contract.reviews.update, { params, body: { title: "Launch 2" } });
    expect(renamed.status).toBe(200);

    expect(await entries(t, "review.created", "review.approved", "review.completed")).toMatchObject([
      {
        kind: "review.completed",
        user: { name: "Rita Reviewer" },
        details: { reviewId: review.id, title: "Launch" },
      },
      { kind: "review.approved", keys: [{ id: a, key: "a.key" }], languages: ["de"], count: 1 },
      { kind: "review.created", count: 1, details: { reviewId: review.id, title: "Launch" } },
    ]);
  });
});

describe("team entries", () => {
  it("records members joining by invite, role changes and removals", async () => {
    const t = await setup();
    const email = uniqueEmail("joiner");
    await call(t.owner, contract.teams.invite, { params: { teamId: t.teamId }, body: { email } });
    await api().mail.waitForMail(email);
    await signInInvited(api(), email);
    const joinerId = await t.userId(email);
    const memberId = (await membersOf(t.owner, t.teamId)).find((m) => m.email === email)?.id ?? "";
    const member = { teamId: t.teamId, memberId };
    const role = await call(t.owner, contract.teams.updateMemberRole, {
      params: member,
      body: { role: "admin" },
    });
    expect(role.status).toBe(200);
    expect((await call(t.admin, contract.teams.removeMember, { params: member })).status).toBe(204);

    expect(await entries(t, "member.joined", "member.role_changed", "member.left")).toMatchObject([
      { kind: "member.left", user: { id: joinerId }, details: { role: "admin", removedBy: "Adam Admin" } },
      {
        kind: "member.role_changed",
        user: { name: "Olga Owner" },
        details: { memberId: joinerId, member: email, from: "reviewer", to: "admin" },
      },
      {
        kind: "member.joined",
        user: { id: joinerId, name: email },
        projectId: null,
        details: { role: "reviewer" },
      },
    ]);
  });

  it("records API keys created and revoked, tone edits and glossary edits", async () => {
    const t = await setup();
    const key = await createApiKey(t.owner, t.projectId, "CI");
    expect((await call(t.owner, contract.apiKeys.revoke, { params: { id: key.id } })).status).toBe(204);
    const team = { teamId: t.teamId };
    await call(t.admin, contract.tone.updateSettings, { params: team, body: { brandTone: "Friendly" } });
    const section = await call(t.admin, contract.tone.createSection, {
      params: team,
      body: { title: "Errors" },
    });
    expect(
      (await call(t.admin, contract.tone.removeSection, { params: { id: section.body.id } })).status,
    ).toBe(204);
    const basket = { params: team, body: { term: "Basket" } };
    const term = await call(t.admin, contract.glossary.create, basket);
    expect(term.status).toBe(201);
    // A duplicate term is refused with nothing recorded.
    expect((await fail(t.admin, contract.glossary.create, basket)).status).toBe(409);
    const removed = await call(t.admin, contract.glossary.remove, { params: { ...team, id: term.body.id } });
    expect(removed.status).toBe(204);

    expect(await entries(t, "api_key.created", "api_key.revoked")).toMatchObject([
      { kind: "api_key.revoked", projectId: t.projectId, details: { name: "CI" } },
      { kind: "api_key.created", user: { name: "Olga Owner" }, details: { name: "CI", scopes: "pull" } },
    ]);
    expect(await entries(t, "tone.edited")).toMatchObject([
      { details: { action: "section deleted", section: "Errors" } },
      { details: { action: "section added", section: "Errors" } },
      {
        user: { name: "Adam Admin" },
        projectId: null,
        details: { action: "settings", changed: "brand tone" },
      },
    ]);
    expect(await entries(t, "glossary.edited")).toMatchObject([
      { details: { action: "deleted", term: "Basket" } },
      { count: 1, details: { action: "created", term: "Basket" } },
    ]);
  });

  it("rolls a glossary import's entry back with the import when the file overfills the glossary", async () => {
    const t = await setup();
    await api()
      .db.insertInto("glossary_terms")
      .values(Array.from({ length: 10_000 }, (_, i) => ({ team_id: t.teamId, term: `term ${i}` })))
      .execute();
    const file = new File(["term\r\nOne too many\r\n"], "glossary.csv", { type: "text/csv" });
    const refused = await fail(t.owner, contract.glossary.importCsv, {
      params: { teamId: t.teamId },
      body: { file },
    });
    expect(refused.status).toBe(400);
    // The entry was written before the limit was found exceeded; the rollback took it along.
    expect((await rowsOf(t.teamId)).filter((row) => row.kind === "glossary.edited")).toEqual([]);
  });
});
