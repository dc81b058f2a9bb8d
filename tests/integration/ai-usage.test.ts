import { afterAll, afterEach, describe, expect, it } from "vitest";
import { monthOf } from "../../src/server/ai/ai-usage.ts";
import { contract } from "../../src/shared/contract/index.ts";
import type { BatchJob } from "../../src/shared/schemas/batch.ts";
import type { TeamUsage } from "../../src/shared/schemas/usage.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, memberOf, ownerWithProject, saveString } from "../helpers/factories.ts";
import { startOpenAIServer } from "../helpers/openai-server.ts";

// Usage per team and AI_MONTHLY_TOKEN_LIMIT (issue 22), with the official openai client against a
// loopback server whose answers carry scripted `usage`. One chunk at a time, so a batch reaches
// the limit between two chunks rather than with all of them in flight.
const LIMIT = 1000;
let ai: Awaited<ReturnType<typeof startOpenAIServer>>;
const api = apiAppForThisFile({
  env: async () => {
    ai = await startOpenAIServer();
    return {
      AI_BASE_URL: ai.url,
      AI_API_KEY: "test-key",
      AI_MONTHLY_TOKEN_LIMIT: String(LIMIT),
      AI_BATCH_CONCURRENCY: "1",
    };
  },
});
afterAll(async () => {
  await ai?.close();
});
afterEach(() => {
  ai.setUsage({ prompt_tokens: 1, completion_tokens: 1 });
});

async function usageOf(client: ApiClient, teamId: string): Promise<TeamUsage> {
  const answer = await call(client, contract.usage.team, { params: { teamId } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** `count` keys with English texts `Message N for {name}`, written straight to the database. */
async function seedKeys(projectId: string, count: number) {
  const keys = await api()
    .db.insertInto("translation_keys")
    .values(
      Array.from({ length: count }, (_, i) => ({
        project_id: projectId,
        key: `k${String(i).padStart(4, "0")}`,
      })),
    )
    .returning(["id", "key"])
    .execute();
  const text = (key: string) => `Message ${key} for {name}`;
  await api()
    .db.insertInto("translation_strings")
    .values(
      keys.map((k) => ({ key_id: k.id, project_id: projectId, language_code: "en", value: text(k.key) })),
    )
    .execute();
  return keys.reduce((sum, k) => sum + text(k.key).length, 0);
}

async function waitForEnd(client: ApiClient, batchId: string): Promise<BatchJob> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await call(client, contract.batch.get, { params: { batchId } });
    if (!["pending", "processing"].includes(job.body.status)) return job.body;
    if (Date.now() > deadline) throw new Error(`batch still ${job.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Puts the team at `tokens` used this month, as if its calls had made them. */
async function useTokens(teamId: string, tokens: number) {
  await api()
    .db.insertInto("ai_usage")
    .values({
      team_id: teamId,
      month: monthOf(new Date()).start,
      calls: 1,
      input_tokens: tokens,
      output_tokens: 0,
    })
    .execute();
}

const month = monthOf(new Date());
const limitMessage =
  `Your team has used its 1,000 AI tokens for ${month.name}. AI translation is available again on ` +
  `1 ${month.nextName}, or ask the server's administrator to raise AI_MONTHLY_TOKEN_LIMIT.`;

describe("AI usage per team", () => {
  it("counts a single translation's calls, tokens from the answer's usage and source characters", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await buildKey(owner, projectId, "greeting", { source: "Hello {name}, welcome" });
    const german = { params: { keyId, lang: "de" }, body: {} };
    expect(await usageOf(owner, teamId)).toMatchObject({
      month: month.start,
      ai: { calls: 0, inputTokens: 0, outputTokens: 0, characters: 0, tokenLimit: LIMIT, tokensLeft: LIMIT },
    });
    ai.script.push({ usage: { prompt_tokens: 120, completion_tokens: 30 } });
    const answer = await call(owner, contract.ai.translate, german);
    expect(answer.status).toBe(200);
    expect((await usageOf(owner, teamId)).ai).toEqual({
      calls: 1,
      inputTokens: 120,
      outputTokens: 30,
      characters: "Hello {name}, welcome".length,
      tokenLimit: LIMIT,
      tokensLeft: LIMIT - 150,
    });
    // An answer without `usage` still counts as a call, with no tokens.
    ai.script.push({ usage: null });
    await call(owner, contract.ai.translate, german);
    expect((await usageOf(owner, teamId)).ai).toMatchObject({ calls: 2, inputTokens: 120, outputTokens: 30 });
  });

  it("counts every chunk of a batch and the writing assistant (tokens, no characters)", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const characters = await seedKeys(projectId, 120);
    ai.setUsage({ prompt_tokens: 40, completion_tokens: 20 });
    const started = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(started.status).toBe(201);
    const job = await waitForEnd(owner, started.body.id);
    expect(job).toMatchObject({ status: "completed", completedItems: 120 });
    expect((await usageOf(owner, teamId)).ai).toMatchObject({
      calls: 3,
      inputTokens: 120,
      outputTokens: 60,
      characters,
    });

    const keyId = await buildKey(owner, projectId, "save", { source: "Save your work" });
    ai.script.push({ usage: { prompt_tokens: 7, completion_tokens: 3 } });
    const assisted = await call(owner, contract.assist.assist, {
      params: { keyId, lang: "en" },
      body: { action: "rephrase" },
    });
    expect(assisted.status).toBe(200);
    expect((await usageOf(owner, teamId)).ai).toMatchObject({
      calls: 4,
      inputTokens: 127,
      outputTokens: 63,
      characters,
      tokensLeft: LIMIT - 190,
    });
  });

  it("refuses every AI call of a team at its monthly limit with the reason, changing nothing", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await buildKey(owner, projectId, "greeting", { source: "Hello" });
    await useTokens(teamId, LIMIT);
    const before = ai.requests.length;

    const translated = await fail(owner, contract.ai.translate, { params: { keyId, lang: "de" }, body: {} });
    expect(translated.status).toBe(429);
    expect(translated.body).toEqual({ error: { code: "rate_limited", message: limitMessage } });
    expect(Number(translated.headers.get("retry-after"))).toBeGreaterThan(0);
    const assisted = await fail(owner, contract.assist.assist, {
      params: { keyId, lang: "en" },
      body: { action: "shorten" },
    });
    expect(assisted.status).toBe(429);
    const batch = await fail(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(batch.status).toBe(429);
    expect(batch.body).toMatchObject({ error: { message: limitMessage } });

    expect(ai.requests.length).toBe(before);
    const strings = await api()
      .db.selectFrom("translation_strings")
      .select("value")
      .where("key_id", "=", keyId)
      .execute();
    expect(strings.map((s) => s.value)).toEqual(["Hello"]);
    const jobs = await api()
      .db.selectFrom("batch_translation_jobs")
      .select("id")
      .where("project_id", "=", projectId)
      .execute();
    expect(jobs).toEqual([]);
    expect((await usageOf(owner, teamId)).ai).toMatchObject({ calls: 1, tokensLeft: 0 });

    // Another team is not held to this one's tokens.
    const other = await ownerWithProject(api(), ["de"]);
    const otherKey = await buildKey(other.owner, other.projectId, "greeting", { source: "Hello" });
    const allowed = await call(other.owner, contract.ai.translate, {
      params: { keyId: otherKey, lang: "de" },
      body: {},
    });
    expect(allowed.status).toBe(200);
  });

  it("stops a running batch when the team reaches its limit: the rest of the keys fail with the reason", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    await seedKeys(projectId, 150);
    // The first chunk (50 keys) takes the team from 500 to 1,100 tokens; the next two are refused.
    await useTokens(teamId, 500);
    ai.setUsage({ prompt_tokens: 500, completion_tokens: 100 });
    const before = ai.requests.length;
    const started = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(started.status).toBe(201);
    const job = await waitForEnd(owner, started.body.id);
    expect(job).toMatchObject({ status: "completed", completedItems: 50, failedItems: 100 });
    // The job keeps the reason, so the end notice can say why keys failed.
    expect(job.errorMessage).toBe(limitMessage);
    expect(ai.requests.length - before).toBe(1);

    const items = await api()
      .db.selectFrom("batch_translation_items")
      .select(["key_id", "status", "error"])
      .where("job_id", "=", job.id)
      .execute();
    const failed = items.filter((item) => item.status === "failed");
    expect(failed).toHaveLength(100);
    expect(new Set(failed.map((item) => item.error))).toEqual(new Set([limitMessage]));
    // Nothing half-written: a key has its translation exactly when its item is done.
    const translated = await api()
      .db.selectFrom("translation_strings")
      .select("key_id")
      .where("project_id", "=", projectId)
      .where("language_code", "=", "de")
      .execute();
    expect(new Set(translated.map((s) => s.key_id))).toEqual(
      new Set(items.filter((item) => item.status === "done").map((item) => item.key_id)),
    );
    expect((await usageOf(owner, teamId)).ai).toMatchObject({
      calls: 2,
      inputTokens: 1000,
      outputTokens: 100,
      tokensLeft: 0,
    });
  });

  it("answers the team's keys, non-empty strings and seats over all its projects, for owners and admins", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const first = await buildKey(owner, projectId, "a", { source: "One" });
    await buildKey(owner, projectId, "b", { source: "Two" });
    await buildKey(owner, projectId, "c", { source: "" });
    await saveString(owner, first, "de", "Eins");
    const second = await call(owner, contract.projects.create, { params: { teamId }, body: { name: "Web" } });
    await buildKey(owner, second.body.id, "x", { source: "Ex" });
    // Another team's work is not counted.
    const other = await ownerWithProject(api(), ["de"]);
    await buildKey(other.owner, other.projectId, "y", { source: "Why" });

    const { client: admin } = await memberOf(api(), teamId, "admin");
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");

    const usage = await usageOf(admin, teamId);
    // Keys a, b, c and x; strings: One, Two, Eins (en and de of the first project), Ex.
    expect(usage).toMatchObject({ keys: 4, strings: 4, seats: 3 });
    const refused = await fail(reviewer, contract.usage.team, { params: { teamId } });
    expect(refused.status).toBe(403);
    const outsider = await fail(other.owner, contract.usage.team, { params: { teamId } });
    expect(outsider.status).toBe(404);
  });
});
