import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { startDashboardSnapshots } from "../../src/server/activity/dashboard-snapshots.ts";
import { countWords } from "../../src/server/activity/dashboard-words.ts";
import { monthOf } from "../../src/server/ai/ai-usage.ts";
import { createLogger } from "../../src/server/logger.ts";
import { contract } from "../../src/shared/contract/index.ts";
import {
  DASHBOARD_CONTRIBUTORS,
  DASHBOARD_DAYS,
  type Dashboard,
} from "../../src/shared/schemas/dashboard.ts";
import type { ApiClient } from "../helpers/api-app.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, saveString } from "../helpers/factories.ts";
import { startOpenAIServer } from "../helpers/openai-server.ts";
import { createReview, setApproval } from "../helpers/reviews.ts";
import { teamOfThree } from "../helpers/teams.ts";
import { upload } from "../helpers/transfer.ts";

// The project dashboard (issue 22): each language's state from the kept counts, daily snapshots,
// words by people and AI counted as strings are written, contributors and open reviews.
let ai: Awaited<ReturnType<typeof startOpenAIServer>>;
const api = apiAppForThisFile({
  env: async () => {
    ai = await startOpenAIServer();
    return { AI_BASE_URL: ai.url, AI_API_KEY: "test-key" };
  },
});
afterAll(async () => {
  await ai?.close();
});

/** The team of three (Olga owner, Adam admin, Rita reviewer) with a project in en, de and fr. */
async function setup() {
  const t = await teamOfThree(api());
  const project = await call(t.owner, contract.projects.create, {
    params: { teamId: t.teamId },
    body: { name: "Shop" },
  });
  const projectId = project.body.id;
  await call(t.owner, contract.projects.setLanguages, {
    params: { projectId: projectId },
    body: { languages: ["en", "de", "fr"] },
  });
  const userId = async (email: string) =>
    (await api().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return {
    ...t,
    projectId,
    ownerUserId: await userId(t.ownerEmail),
    adminUserId: await userId(t.adminEmail),
  };
}

async function dashboardOf(client: ApiClient, projectId: string): Promise<Dashboard> {
  const answer = await call(client, contract.activity.dashboard, { params: { projectId } });
  expect(answer.status).toBe(200);
  return answer.body;
}

const today = () => new Date().toISOString().slice(0, 10);
const month = monthOf(new Date()).start;

describe("the project dashboard", () => {
  it("counts each language's state, words by origin, contributors and open reviews after saves, AI and an approval", async () => {
    const t = await setup();
    const a = await buildKey(t.owner, t.projectId, "a.key", { source: "Hello world" });
    const b = await buildKey(t.owner, t.projectId, "b.key", { source: "Good morning" });
    const c = await buildKey(t.owner, t.projectId, "c.key", { source: "Good night" });
    await buildKey(t.owner, t.projectId, "d.key", { source: "See you" });

    await saveString(t.owner, a, "de", "Hallo Welt");
    await saveString(t.owner, a, "fr", "Bonjour le monde");
    await saveString(t.admin, b, "de", "Guten Morgen");
    // The AI's default answer is `DE: ` + the source text: three words, unverified until checked.
    const translated = await call(t.owner, contract.ai.translate, {
      params: { keyId: c, lang: "de" },
      body: {},
    });
    expect(translated.status).toBe(200);

    const review = await createReview(t.owner, t.projectId, { title: "Launch", keyIds: [a, b] });
    expect(
      (await setApproval(t.owner, review.id, { keyId: a, language: "de", state: "approved" })).status,
    ).toBe(200);
    expect(
      (await setApproval(t.owner, review.id, { keyId: b, language: "de", state: "needs_changes" })).status,
    ).toBe(200);

    const dashboard = await dashboardOf(t.reviewer, t.projectId);
    expect(dashboard.projectId).toBe(t.projectId);
    expect(dashboard.languages).toEqual([
      { code: "de", total: 4, translated: 2, unverified: 1, approved: 1, missing: 1 },
      { code: "fr", total: 4, translated: 1, unverified: 0, approved: 0, missing: 3 },
    ]);
    expect(dashboard.words).toEqual({ month, people: 2 + 3 + 2, ai: 3 });
    // Olga's AI translation is string work of hers too (its activity entry is strings.edited).
    expect(dashboard.contributors).toEqual([
      { userId: t.ownerUserId, name: "Olga Owner", strings: 3 },
      { userId: t.adminUserId, name: "Adam Admin", strings: 1 },
    ]);
    expect(dashboard.reviews).toEqual([
      // Keys × project languages (en, de, fr); a needs_changes verdict is no approval.
      { id: review.id, title: "Launch", approved: 1, total: 6, languagesDone: 0, languages: 3 },
    ]);
    // Today's snapshot is written by the read itself.
    expect(dashboard.progress).toEqual([
      { code: "de", points: [{ day: today(), translated: 2, total: 4 }] },
      { code: "fr", points: [{ day: today(), translated: 1, total: 4 }] },
    ]);
  });

  it("drops an approval once its string changes, and counts a person's check of AI output as translated", async () => {
    const t = await setup();
    const a = await buildKey(t.owner, t.projectId, "a.key", { source: "Hello world" });
    const b = await buildKey(t.owner, t.projectId, "b.key", { source: "Good morning" });
    await saveString(t.owner, a, "de", "Hallo Welt");
    const translated = await call(t.owner, contract.ai.translate, {
      params: { keyId: b, lang: "de" },
      body: {},
    });
    expect(translated.status).toBe(200);
    const review = await createReview(t.owner, t.projectId, { title: "Check", keyIds: [a] });
    await setApproval(t.owner, review.id, { keyId: a, language: "de", state: "approved" });
    expect((await dashboardOf(t.owner, t.projectId)).languages[0]).toMatchObject({ approved: 1 });

    await saveString(t.owner, a, "de", "Hallo, Welt");
    // Saving the AI text unchanged is a person checking it.
    await saveString(t.owner, b, "de", "DE: Good morning");
    const after = await dashboardOf(t.owner, t.projectId);
    expect(after.languages[0]).toEqual({
      code: "de",
      total: 2,
      translated: 2,
      unverified: 0,
      approved: 0,
      missing: 0,
    });
    expect(after.reviews[0]).toMatchObject({ approved: 0, total: 3 });
  });

  it("reads 90 days of snapshots oldest first and upserts today's", async () => {
    const t = await setup();
    const a = await buildKey(t.owner, t.projectId, "a.key", { source: "Hello" });
    await saveString(t.owner, a, "de", "Hallo");
    await sql`
      insert into project_snapshots (project_id, language_code, day, translated, total)
      select ${t.projectId}::uuid, 'de', (now() at time zone 'UTC')::date - d, 0, 1
      from generate_series(0, ${DASHBOARD_DAYS + 5}::int) as d
    `.execute(api().db);
    const { progress } = await dashboardOf(t.owner, t.projectId);
    const de = progress.find((line) => line.code === "de")?.points ?? [];
    expect(de).toHaveLength(DASHBOARD_DAYS);
    expect(de.map((point) => point.day)).toEqual([...de.map((point) => point.day)].sort());
    // Today's row, written before by the insert above, now holds the counts.
    expect(de.at(-1)).toEqual({ day: today(), translated: 1, total: 1 });
    expect(de[0]?.translated).toBe(0);
  });

  it("writes today's snapshot of every project from the daily timer", async () => {
    const t = await setup();
    const a = await buildKey(t.owner, t.projectId, "a.key", { source: "Hello" });
    await saveString(t.owner, a, "fr", "Bonjour");
    const snapshots = startDashboardSnapshots({ db: api().db, logger: createLogger("silent") });
    await snapshots.ready();
    await snapshots.stop();
    const rows = await api()
      .db.selectFrom("project_snapshots")
      .select(["language_code", "translated", "total"])
      .where("project_id", "=", t.projectId)
      .orderBy("language_code")
      .execute();
    expect(rows).toEqual([
      { language_code: "de", translated: 0, total: 1 },
      { language_code: "fr", translated: 1, total: 1 },
    ]);
  });

  it("counts no words for imports or source texts, and words of scripts without spaces", async () => {
    const t = await setup();
    await buildKey(t.owner, t.projectId, "a.key", { source: "Hello world and more words here" });
    const imported = await upload(
      t.owner,
      t.projectId,
      "de.json",
      JSON.stringify({ "a.key": "Hallo Welt" }),
      {
        language: "de",
      },
    );
    expect(imported.status).toBe(200);
    expect((await dashboardOf(t.owner, t.projectId)).words).toEqual({ month, people: 0, ai: 0 });
    expect(countWords("保存しますか")).toBeGreaterThan(1);
    expect(countWords("Hello, world! 42")).toBe(3);
  });

  it("sums each person's string edits of the month, most first", async () => {
    const t = await setup();
    const userIds = Array.from({ length: DASHBOARD_CONTRIBUTORS + 1 }, () => t.ownerUserId);
    await api()
      .db.insertInto("activity")
      .values(
        userIds.map((userId, i) => ({
          team_id: t.teamId,
          project_id: t.projectId,
          user_id: i === 0 ? t.adminUserId : userId,
          kind: "strings.edited",
          count: i + 1,
        })),
      )
      .execute();
    const { contributors } = await dashboardOf(t.owner, t.projectId);
    // Entries 2…n are Olga's, the first (count 1) Adam's.
    const owner = userIds.reduce((sum, _, i) => (i === 0 ? sum : sum + i + 1), 0);
    expect(contributors).toHaveLength(2);
    expect(contributors.length).toBeLessThanOrEqual(DASHBOARD_CONTRIBUTORS);
    expect(contributors).toEqual([
      { userId: t.ownerUserId, name: "Olga Owner", strings: owner },
      { userId: t.adminUserId, name: "Adam Admin", strings: 1 },
    ]);
  });

  it("is not found for someone outside the team", async () => {
    const t = await setup();
    const answer = await call(t.outsider, contract.activity.dashboard, {
      params: { projectId: t.projectId },
    });
    expect(answer.status).toBe(404);
  });
});
