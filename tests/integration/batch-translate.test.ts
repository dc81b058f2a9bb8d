import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { BatchJob } from "../../src/shared/schemas/batch.ts";
import { BRANCH_HEADER } from "../../src/shared/schemas/branches.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildUser, memberOf, ownerWithProject, saveString, signInAs } from "../helpers/factories.ts";
import { contentText, itemsOf, startOpenAIServer } from "../helpers/openai-server.ts";
import { openEventStream } from "../helpers/sse.ts";

// Batch translation through pg-boss on this file's database, with the official openai client
// against a loopback OpenAI-compatible server.
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

/** `count` keys `k0000`… with English source texts, written straight to the database. */
async function seedKeys(projectId: string, count: number, text = (i: number) => `Message ${i} for {name}`) {
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
  await api()
    .db.insertInto("translation_strings")
    .values(
      keys.map((k, i) => ({ key_id: k.id, project_id: projectId, language_code: "en", value: text(i) })),
    )
    .execute();
  return keys.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** A request's options on a branch (the web app's header); none: main. */
const on = (branchId?: string) => (branchId ? { headers: { [BRANCH_HEADER]: branchId } } : {});

async function waitForEnd(
  client: ApiClient,
  batchId: string,
  timeoutMs = 30_000,
  branchId?: string,
): Promise<BatchJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await call(client, contract.batch.get, { params: { batchId } }, on(branchId));
    if (!["pending", "processing"].includes(job.body.status)) return job.body;
    if (Date.now() > deadline) throw new Error(`batch still ${job.body.status}: ${JSON.stringify(job.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stringsOf(projectId: string, language: string) {
  return api()
    .db.selectFrom("translation_strings as s")
    .innerJoin("translation_keys as k", "k.id", "s.key_id")
    .select(["k.key", "s.value"])
    .where("s.project_id", "=", projectId)
    .where("s.language_code", "=", language)
    .execute();
}

describe("batch translation of a language", () => {
  it("translates every missing key in chunks of 50, each written once with history origin ai, with live progress", async () => {
    ai.setLatency(0);
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    await api()
      .db.updateTable("teams")
      .set({ tov_product_context: "A ferry booking app" })
      .where("id", "=", teamId)
      .execute();
    const keys = await seedKeys(projectId, 120);
    // One key already translated: not part of the job.
    await saveString(owner, keys[0]?.id ?? "", "de", "Schon da {name}");
    const events = requestOf(contract.events.stream, { params: { projectId } });
    const stream = await openEventStream(`${api().app.url}${events.path}`, owner.cookie);
    ai.requests.length = 0;

    const started = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      status: "pending",
      totalItems: 119,
      targetLanguage: "de",
      sourceLanguage: "en",
    });
    const job = await waitForEnd(owner, started.body.id);
    expect(job).toMatchObject({
      status: "completed",
      completedItems: 119,
      failedItems: 0,
      skippedItems: 0,
      progressPercentage: 100,
    });

    const strings = await stringsOf(projectId, "de");
    expect(strings).toHaveLength(120);
    expect(strings.find((s) => s.key === "k0000")?.value).toBe("Schon da {name}");
    expect(strings.find((s) => s.key === "k0042")?.value).toBe("DE: Message 42 for {name}");
    // One AI call per chunk of at most 50 keys, carrying the team's context and the placeholders.
    expect(ai.requests).toHaveLength(3);
    expect(ai.requests.map((r) => itemsOf(r)?.length).sort()).toEqual([19, 50, 50]);
    const system = contentText(ai.requests[0]?.messages[0]?.content);
    expect(system).toContain("Product context: A ferry booking app");
    expect(itemsOf(ai.requests[0] ?? { model: "", messages: [] })?.[0]?.placeholders).toEqual(["{name}"]);

    const history = await sql<{ n: number }>`
      select count(*)::int as n from string_history
      where project_id = ${projectId} and language_code = 'de' and origin = 'ai'
      group by key_id having count(*) <> 1
    `.execute(api().db);
    expect(history.rows).toEqual([]);
    const aiRows = await sql<{ n: number }>`
      select count(*)::int as n from string_history where project_id = ${projectId} and origin = 'ai'
    `.execute(api().db);
    expect(aiRows.rows[0]?.n).toBe(119);

    await stream.waitFor((e) => e.event === "batch.updated" && (e.data as BatchJob).status === "completed");
    const updates = stream.events.filter((e) => e.event === "batch.updated").map((e) => e.data as BatchJob);
    expect(updates.at(-1)).toMatchObject({ id: started.body.id, status: "completed", completedItems: 119 });
    stream.close();

    const active = await call(owner, contract.batch.active, { params: { projectId } });
    expect(active.body.jobs).toEqual([]);
    const again = await fail(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(again).toMatchObject({
      status: 400,
      body: { error: { message: "No empty translations found for German" } },
    });
  });

  it("refuses the source language, a language not in the project, reviewers and strangers", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    await seedKeys(projectId, 3);
    const start = (client: ApiClient, language: string) =>
      fail(client, contract.batch.start, { params: { projectId }, body: { language } });
    expect(await start(owner, "en")).toMatchObject({
      status: 400,
      body: { error: { message: "The source language is not translated; pick another language" } },
    });
    expect(await start(owner, "fr")).toMatchObject({
      status: 400,
      body: { error: { message: "French is not a language of this project" } },
    });
    expect(await start(owner, "")).toMatchObject({
      status: 400,
      body: { error: { message: "No target language specified" } },
    });
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    expect((await start(reviewer, "de")).status).toBe(403);
    const stranger = await signInAs(await buildUser(api().app));
    expect((await start(stranger, "de")).status).toBe(404);
    expect((await fail(stranger, contract.batch.active, { params: { projectId } })).status).toBe(404);
    expect(
      await api()
        .db.selectFrom("batch_translation_jobs")
        .selectAll()
        .where("project_id", "=", projectId)
        .execute(),
    ).toEqual([]);
  });

  it("cancels: nothing is written after the cancel answers, and a second start is refused while running", async () => {
    ai.setLatency(400);
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await seedKeys(projectId, 400);
    const german = { params: { projectId }, body: { language: "de" } };
    const started = await call(owner, contract.batch.start, german);
    expect(started.status).toBe(201);
    expect(await fail(owner, contract.batch.start, german)).toMatchObject({
      status: 409,
      body: { error: { message: "German is already being translated" } },
    });
    const active = await call(owner, contract.batch.active, { params: { projectId } });
    expect(active.body.jobs.map((j) => j.id)).toEqual([started.body.id]);

    await new Promise((r) => setTimeout(r, 600));
    const job = { params: { batchId: started.body.id } };
    const cancelled = await call(owner, contract.batch.cancel, job);
    expect(cancelled).toMatchObject({
      status: 200,
      body: { status: "cancelled", errorMessage: "Translation was cancelled" },
    });
    const writtenAtCancel = (await stringsOf(projectId, "de")).length;
    expect(writtenAtCancel).toBeLessThan(400);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await stringsOf(projectId, "de")).length).toBe(writtenAtCancel);
    expect((await call(owner, contract.batch.get, job)).body.status).toBe("cancelled");
    expect((await fail(owner, contract.batch.cancel, job)).status).toBe(409);
    ai.setLatency(0);
  });

  it("never overwrites a string a person wrote while the job ran", async () => {
    ai.setLatency(700);
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const keys = await seedKeys(projectId, 10);
    const started = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    await new Promise((r) => setTimeout(r, 200));
    const edited = await call(owner, contract.strings.save, {
      params: { keyId: keys[3]?.id ?? "", lang: "de" },
      body: { value: "Von Hand {name}" },
    });
    expect(edited.status).toBe(200);
    const job = await waitForEnd(owner, started.body.id);
    expect(job).toMatchObject({ status: "completed", completedItems: 9, skippedItems: 1, failedItems: 0 });
    const strings = await stringsOf(projectId, "de");
    expect(strings.find((s) => s.key === "k0003")?.value).toBe("Von Hand {name}");
    expect(strings.filter((s) => s.value.startsWith("DE: "))).toHaveLength(9);
    ai.setLatency(0);
  });

  it("retries a key whose answer broke a placeholder alone, and fails it after three answers", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await seedKeys(projectId, 3);
    ai.requests.length = 0;
    ai.script.push({
      content: JSON.stringify({
        translations: [{ id: "not-a-key", translation: "ignored" }],
      }),
    });
    // The chunk's answer leaves every key out.
    // Keys are then asked alone, in key order: k0000 answers well, k0001 drops its placeholder
    // twice (three answers in all) and fails, k0002 answers well.
    ai.script.push({ content: JSON.stringify({ translation: "Nachricht 0 für {name}" }) });
    ai.script.push({ content: JSON.stringify({ translation: "Nachricht 1 ohne Platzhalter" }) });
    ai.script.push({ content: JSON.stringify({ translation: "Wieder ohne" }) });
    ai.script.push({ content: JSON.stringify({ translation: "Nachricht 2 für {name}" }) });
    const started = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    const job = await waitForEnd(owner, started.body.id);
    expect(job).toMatchObject({ status: "completed", completedItems: 2, failedItems: 1 });
    const strings = await stringsOf(projectId, "de");
    expect(strings.map((s) => s.value).sort()).toEqual(["Nachricht 0 für {name}", "Nachricht 2 für {name}"]);
    const retries = ai.requests.slice(1).map((r) => contentText(r.messages[1]?.content));
    expect(retries.some((m) => m.includes("Your previous answer was wrong: it left this text out"))).toBe(
      true,
    );
    expect(retries.some((m) => m.includes("Your previous answer was wrong: it dropped {name}"))).toBe(true);
  });

  it("honours 429 Retry-After, and reports the AI error when the service keeps failing", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    await seedKeys(projectId, 5);
    ai.requests.length = 0;
    ai.script.push({
      status: 429,
      headers: { "retry-after-ms": "100" },
      body: { error: { message: "slow down" } },
    });
    const ok = await call(owner, contract.batch.start, { params: { projectId }, body: { language: "de" } });
    expect(await waitForEnd(owner, ok.body.id)).toMatchObject({ status: "completed", completedItems: 5 });
    expect(ai.requests).toHaveLength(2);

    // Four 500s: the first call and its three retries (1 s, 2 s, 4 s backoff plus jitter).
    for (let i = 0; i < 4; i++) ai.script.push({ status: 500, body: { error: { message: "down" } } });
    const failing = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "fr" },
    });
    const job = await waitForEnd(owner, failing.body.id, 30_000);
    expect(job.status).toBe("failed");
    expect(job.failedItems).toBe(5);
    expect(job.errorMessage).toMatch(/^API request failed: 500/);
    expect(await stringsOf(projectId, "fr")).toEqual([]);
  }, 40_000);
});

describe("batch translation on a branch", () => {
  async function branchOf(owner: ApiClient, projectId: string, name: string) {
    const created = await call(owner, contract.branches.create, { params: { projectId }, body: { name } });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  /** The key list's `key: de` lines, as main or the branch shows them. */
  async function germanOf(owner: ApiClient, projectId: string, branchId?: string) {
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} }, on(branchId));
    return list.body.keys.map((k) => `${k.key}: ${k.strings.de?.value ?? "-"}`);
  }

  it("fills the branch's empty cells, a key added there too, and main's stay empty; its progress reaches the branch's viewers only", async () => {
    ai.setLatency(0);
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const keys = await seedKeys(projectId, 3);
    const branch = await branchOf(owner, projectId, "feature/ai");
    const added = await call(
      owner,
      contract.keys.create,
      { params: { projectId }, body: { key: "k9999", sourceValue: "Added on the branch" } },
      on(branch),
    );
    expect(added.status).toBe(201);
    const saved = await call(
      owner,
      contract.strings.save,
      { params: { keyId: keys[0]?.id ?? "", lang: "de" }, body: { value: "Schon da {name}" } },
      on(branch),
    );
    expect(saved.status).toBe(200);
    const events = requestOf(contract.events.stream, { params: { projectId } });
    const mainStream = await openEventStream(`${api().app.url}${events.path}`, owner.cookie);
    const branchStream = await openEventStream(
      `${api().app.url}${events.path}?branch=${branch}`,
      owner.cookie,
    );

    const started = await call(
      owner,
      contract.batch.start,
      { params: { projectId }, body: { language: "de" } },
      on(branch),
    );
    expect(started).toMatchObject({ status: 201, body: { totalItems: 3 } });
    expect(await waitForEnd(owner, started.body.id, 30_000, branch)).toMatchObject({
      status: "completed",
      completedItems: 3,
    });

    expect(await germanOf(owner, projectId, branch)).toEqual([
      "k0000: Schon da {name}",
      "k0001: DE: Message 1 for {name}",
      "k0002: DE: Message 2 for {name}",
      "k9999: DE: Added on the branch",
    ]);
    expect(await germanOf(owner, projectId)).toEqual(["k0000: -", "k0001: -", "k0002: -"]);
    expect(await stringsOf(projectId, "de")).toEqual([]);
    const history = await sql<{ main: number; branch: number }>`
      select (select count(*)::int from string_history where project_id = ${projectId} and origin = 'ai') as main,
        (select count(*)::int from branch_history where branch_id = ${branch} and origin = 'ai') as branch
    `.execute(api().db);
    expect(history.rows[0]).toEqual({ main: 0, branch: 3 });

    await branchStream.waitFor(
      (e) => e.event === "batch.updated" && (e.data as BatchJob).status === "completed",
    );
    expect(mainStream.events.filter((e) => e.event === "batch.updated")).toEqual([]);
    mainStream.close();
    branchStream.close();
    // Main's list of jobs is main's: the branch's is not there, nor found by its id.
    expect((await call(owner, contract.batch.active, { params: { projectId } })).body.jobs).toEqual([]);
    expect((await fail(owner, contract.batch.get, { params: { batchId: started.body.id } })).status).toBe(
      404,
    );
  });

  it("translates one cell and suggests a rewrite on the branch, of a key added there too, without touching main", async () => {
    ai.setLatency(0);
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const [main] = await seedKeys(projectId, 1);
    const branch = await branchOf(owner, projectId, "feature/cell");
    const added = await call(
      owner,
      contract.keys.create,
      { params: { projectId }, body: { key: "k9999", sourceValue: "Added on the branch" } },
      on(branch),
    );
    for (const keyId of [main?.id ?? "", added.body.id]) {
      const translated = await call(
        owner,
        contract.ai.translate,
        { params: { keyId, lang: "de" }, body: {} },
        on(branch),
      );
      expect(translated.status).toBe(200);
    }
    const suggested = await call(
      owner,
      contract.assist.assist,
      { params: { keyId: added.body.id, lang: "en" }, body: { action: "shorten" } },
      on(branch),
    );
    expect(suggested.body).toMatchObject({
      original: "Added on the branch",
      suggestion: "EDITED: Added on the branch",
    });
    expect(await germanOf(owner, projectId, branch)).toEqual([
      "k0000: DE: Message 0 for {name}",
      "k9999: DE: Added on the branch",
    ]);
    expect(await germanOf(owner, projectId)).toEqual(["k0000: -"]);
  });

  it("runs beside main's job of the same language, one per branch, and stops when its branch is deleted", async () => {
    ai.setLatency(400);
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await seedKeys(projectId, 200);
    const branch = await branchOf(owner, projectId, "feature/both");
    const german = { params: { projectId }, body: { language: "de" } };
    const onBranch = await call(owner, contract.batch.start, german, on(branch));
    const onMain = await call(owner, contract.batch.start, german);
    expect([onBranch.status, onMain.status]).toEqual([201, 201]);
    expect(await fail(owner, contract.batch.start, german, on(branch))).toMatchObject({
      status: 409,
      body: { error: { message: "German is already being translated" } },
    });
    const active = async (branchId?: string) =>
      (await call(owner, contract.batch.active, { params: { projectId } }, on(branchId))).body.jobs.map(
        (job) => job.id,
      );
    expect(await active()).toEqual([onMain.body.id]);
    expect(await active(branch)).toEqual([onBranch.body.id]);

    const archived = await call(owner, contract.branches.archive, { params: { id: branch } });
    expect(archived.status).toBe(200);
    const writtenAtDelete = await sql<{ n: number }>`
      select count(*)::int as n from branch_strings where branch_id = ${branch} and language_code = 'de'
    `.execute(api().db);
    expect(await waitForEnd(owner, onBranch.body.id, 30_000, branch)).toMatchObject({
      status: "failed",
      errorMessage: "The branch feature/both was deleted: its batch translation stopped",
    });
    expect(await waitForEnd(owner, onMain.body.id)).toMatchObject({
      status: "completed",
      completedItems: 200,
    });
    const writtenAtEnd = await sql<{ n: number }>`
      select count(*)::int as n from branch_strings where branch_id = ${branch} and language_code = 'de'
    `.execute(api().db);
    expect(writtenAtEnd.rows[0]?.n).toBe(writtenAtDelete.rows[0]?.n);
    expect(await stringsOf(projectId, "de")).toHaveLength(200);
    ai.setLatency(0);
  }, 40_000);
});
