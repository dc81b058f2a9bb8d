import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { BatchJob } from "../../src/shared/schemas/batch.ts";
import { BRANCH_HEADER } from "../../src/shared/schemas/branches.ts";
import { ApiClient } from "../helpers/api-app.ts";
import { startAppServer } from "../helpers/app-server.ts";
import { call } from "../helpers/contract-client.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { startOpenAIServer } from "../helpers/openai-server.ts";
import { persistentDatabaseEnv } from "../helpers/persistent-database.ts";
import { spawnServer } from "../helpers/server-process.ts";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const KEYS = 500;

describe("a batch translation across a crash", () => {
  it("resumes after kill -9 and a restart, and writes each key exactly once, on main and on a branch", async () => {
    const ai = await startOpenAIServer();
    cleanups.push(() => ai.close());
    ai.setLatency(400);
    const env = {
      ...(await persistentDatabaseEnv(cleanups)),
      AI_BASE_URL: ai.url,
      AI_API_KEY: "test-key",
      NODE_ENV: "test",
    };

    // Set up a project of 500 keys through a first server, then stop it.
    const setup = await startAppServer(env);
    const client = await signInAs(await buildUser(setup, { email: "crash@example.com" }));
    const team = await buildTeam(client, { name: "Crash" });
    const projectId = (await buildProject(client, team.id, { name: "App", languages: ["de", "fr"] })).id;
    const db = setup.server.database.db;
    const keys = await db
      .insertInto("translation_keys")
      .values(Array.from({ length: KEYS }, (_, i) => ({ project_id: projectId, key: `k${i}` })))
      .returning("id")
      .execute();
    await db
      .insertInto("translation_strings")
      .values(
        keys.map((k, i) => ({
          key_id: k.id,
          project_id: projectId,
          language_code: "en",
          value: `Text ${i}`,
        })),
      )
      .execute();
    // A batch of another language at once on a branch (issue 39; the same language would find main's
    // new German, which the branch shows): its chunks must come back on the branch.
    const branch = await call(client, contract.branches.create, {
      params: { projectId },
      body: { name: "feature/crash" },
    });
    expect(branch.status).toBe(201);
    const onBranch = { headers: { [BRANCH_HEADER]: branch.body.id } };
    await setup.stop();

    // A server process starts the job and dies mid-way.
    const doomed = await spawnServer(env, cleanups);
    const api = new ApiClient(doomed.url);
    api.cookie = client.cookie;
    const started = await call(api, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(started.status).toBe(201);
    const batchId = started.body.id;
    const branchStarted = await call(
      api,
      contract.batch.start,
      { params: { projectId }, body: { language: "fr" } },
      onBranch,
    );
    expect(branchStarted.status).toBe(201);
    // Each job says whose strings it translates.
    expect(started.body.branchId).toBeNull();
    expect(branchStarted.body.branchId).toBe(branch.body.id);
    for (;;) {
      const job = await call(api, contract.batch.get, { params: { batchId } });
      if (job.body.completedItems >= 100) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    doomed.child.kill("SIGKILL");
    await new Promise((resolve) => doomed.child.once("exit", resolve));

    const second = await startAppServer(env);
    cleanups.push(() => second.stop());
    const again = new ApiClient(second.url);
    again.cookie = client.cookie;
    const atRestart = await call(again, contract.batch.get, { params: { batchId } });
    expect(atRestart.body.status).toBe("processing");
    expect(atRestart.body.completedItems).toBeLessThan(KEYS);

    let finished: BatchJob | undefined;
    const deadline = Date.now() + 90_000;
    while (!finished) {
      const job = await call(again, contract.batch.get, { params: { batchId } });
      if (job.body.status !== "processing") finished = job.body;
      else if (Date.now() > deadline) throw new Error(`still processing: ${JSON.stringify(job.body)}`);
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(finished).toMatchObject({
      status: "completed",
      completedItems: KEYS,
      failedItems: 0,
      skippedItems: 0,
    });

    const branchJob = async () =>
      (await call(again, contract.batch.get, { params: { batchId: branchStarted.body.id } }, onBranch)).body;
    while (["pending", "processing"].includes((await branchJob()).status)) {
      if (Date.now() > deadline)
        throw new Error(`branch still running: ${JSON.stringify(await branchJob())}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await branchJob()).toMatchObject({ status: "completed", completedItems: KEYS });

    const perKey = await sql<{ writes: number; keys: number }>`
      select writes, count(*)::int as keys from (
        select key_id, count(*)::int as writes from string_history
        where project_id = ${projectId} and language_code = 'de' and origin = 'ai'
        group by key_id
      ) w group by writes
    `.execute(second.server.database.db);
    expect(perKey.rows).toEqual([{ writes: 1, keys: KEYS }]);
    const perBranchKey = await sql<{ writes: number; keys: number }>`
      select writes, count(*)::int as keys from (
        select key_id, count(*)::int as writes from branch_history
        where branch_id = ${branch.body.id} and language_code = 'fr' and origin = 'ai'
        group by key_id
      ) w group by writes
    `.execute(second.server.database.db);
    expect(perBranchKey.rows).toEqual([{ writes: 1, keys: KEYS }]);
    const mainFrench = await sql<{ n: number }>`
      select count(*)::int as n from translation_strings where project_id = ${projectId} and language_code = 'fr'
    `.execute(second.server.database.db);
    expect(mainFrench.rows[0]?.n).toBe(0);
  }, 150_000);
});
