import { monitorEventLoopDelay } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { type Kysely, sql } from "kysely";
import type { DB } from "../src/server/db/schema.ts";
import { contract } from "../src/shared/contract/index.ts";
import { BATCH_CHUNK_SIZE, BATCH_PAUSE_MS, type BatchJob } from "../src/shared/schemas/batch.ts";
import type { ApiClient } from "../tests/helpers/api-client.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { startOpenAIServer } from "../tests/helpers/openai-server.ts";
import { median, ms, percentile } from "./measure.ts";
import { seedKeys } from "./seed.ts";

/**
 * DESIGN.md §8, batch translation: throughput of a 5,000-key batch against the loopback AI server
 * with 200 ms latency, as a ratio of what chunk × concurrency / latency allows (and of the same
 * limit with the spec's 100 ms pause per chunk), and memory over a 50,000-key batch.
 */

export interface BatchBenchContext {
  db: Kysely<DB>;
  /** Signed in as the owner of `teamId`. */
  client: ApiClient;
  teamId: string;
  /** The test AI server the app was started against (AI_BASE_URL). */
  ai: Awaited<ReturnType<typeof startOpenAIServer>>;
  /** The app's AI_BATCH_CONCURRENCY. */
  concurrency: number;
}

export interface BenchRow {
  scenario: string;
  result: string;
  budget: string;
  ok: boolean | undefined;
}

interface MemoryPeak {
  heapUsed: number;
  rss: number;
}

interface BatchRun {
  keys: number;
  seedMs: number;
  wallMs: number;
  keysPerSecond: number;
  job: BatchJob;
  written: number;
  aiCalls: number;
  /** Each chunk job's time in its handler (pg-boss started_on → completed_on); empty if unreadable. */
  jobMs: number[];
  /** Share of concurrency × wall time the workers spent inside a chunk job. */
  busy: number;
  /** From the start request to the first chunk job being picked up. */
  firstPickupMs: number;
  loopDelayP99: number;
  loopDelayMax: number;
  base: MemoryPeak;
  peak: MemoryPeak;
  /** heapUsed after completion and a full GC. */
  heapAfter: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

/** A full GC, so that the baseline and the after-figure are live memory, not garbage. */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

/** A project whose `count` keys have an English text and no German one: all of them to translate. */
async function seedProject(context: BatchBenchContext, name: string, count: number): Promise<string> {
  const { client, teamId, db } = context;
  const project = await call(client, contract.projects.create, { params: { teamId }, body: { name } });
  const projectId = project.body.id;
  await call(client, contract.projects.setLanguages, {
    params: { projectId },
    body: { languages: ["en", "de"] },
  });
  await seedKeys(db, projectId, count);
  await sql`delete from translation_strings where project_id = ${projectId} and language_code = 'de'`.execute(
    db,
  );
  return projectId;
}

/**
 * Starts the batch into German. Seeding held the event loop, so a keep-alive socket may be stale
 * ("fetch failed"): then the start is sent again only if no job was created.
 */
async function startBatch(client: ApiClient, projectId: string): Promise<BatchJob> {
  for (let attempt = 1; ; attempt++) {
    try {
      const started = await call(client, contract.batch.start, {
        params: { projectId },
        body: { language: "de" },
      });
      if (started.status !== 201) throw new Error(`batch start answered ${started.status}`);
      return started.body;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError)) throw error;
      const active = await call(client, contract.batch.active, { params: { projectId } });
      const job = active.body.jobs[0];
      if (job) return job;
    }
  }
}

/** Starts a batch into German, waits for it to finish, and measures it. */
async function runBatch(context: BatchBenchContext, options: { keys: number; latencyMs: number }) {
  const { client, db, ai } = context;
  const seedStart = performance.now();
  const projectId = await seedProject(context, `Batch ${options.keys}`, options.keys);
  const seedMs = performance.now() - seedStart;
  ai.setLatency(options.latencyMs);
  ai.requests.length = 0;
  // Seeding kept the event loop busy; the client's idle keep-alive socket may be stale now.
  await call(client, contract.auth.me, {}).catch(() => undefined);

  collectGarbage();
  const before = process.memoryUsage();
  const base = { heapUsed: before.heapUsed, rss: before.rss };
  const peak = { ...base };
  let aiCalls = 0;
  // The test server keeps every request it got; counted and dropped here so that it does not
  // show up as the app's memory.
  const sample = () => {
    const now = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.rss = Math.max(peak.rss, now.rss);
    aiCalls += ai.requests.length;
    ai.requests.length = 0;
  };
  const sampler = setInterval(sample, 250);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  const start = Date.now();
  let job: BatchJob;
  try {
    job = await startBatch(client, projectId);
    const deadline = start + 15 * 60_000;
    let lost = 0;
    while (job.status === "pending" || job.status === "processing") {
      if (Date.now() > deadline) throw new Error(`batch still ${job.status} after 15 minutes`);
      await sleep(250);
      // The server may drop an idle keep-alive socket just as the next poll takes it ("fetch failed"); that says nothing about the job, so poll again.
      const answer = await call(client, contract.batch.get, { params: { batchId: job.id } }).catch(
        (error: unknown) => {
          if (++lost > 5) throw error;
          return undefined;
        },
      );
      if (!answer) continue;
      lost = 0;
      if (answer.status !== 200) throw new Error(`batch status answered ${answer.status}`);
      job = answer.body;
    }
  } finally {
    clearInterval(sampler);
    loop.disable();
  }
  sample();
  collectGarbage();
  const heapAfter = process.memoryUsage().heapUsed;

  // The job row's last update is the moment the last chunk was written (same machine clock), so
  // the figure does not depend on the poll interval.
  const wallMs = Date.parse(job.updatedAt) - start;
  if (job.status !== "completed" || job.completedItems !== options.keys) {
    throw new Error(
      `batch ended ${job.status}: ${job.completedItems} done, ${job.failedItems} failed, ${job.skippedItems} skipped of ${options.keys} (${job.errorMessage ?? ""})`,
    );
  }
  const written = await sql<{ n: number }>`
    select count(*)::int as n from translation_strings
    where project_id = ${projectId} and language_code = 'de' and value like 'DE: Hello %'
  `.execute(db);
  const writtenCount = Number(written.rows[0]?.n ?? 0);
  if (writtenCount !== options.keys) throw new Error(`${writtenCount} of ${options.keys} strings written`);

  // pg-boss's own bookkeeping says how long each chunk job ran and when the first was picked up.
  const jobs = await sql<{ started: Date; completed: Date }>`
    select started_on as started, completed_on as completed
    from pgboss.job
    where name = 'batch-translate-chunk' and data ->> 'batchId' = ${job.id} and state = 'completed'
  `
    .execute(db)
    .then((result) => result.rows)
    .catch(() => []);
  const jobMs = jobs.map((r) => new Date(r.completed).getTime() - new Date(r.started).getTime());
  const firstStart = Math.min(...jobs.map((r) => new Date(r.started).getTime()));
  const busy = jobMs.reduce((sum, value) => sum + value, 0) / (context.concurrency * wallMs);

  return {
    keys: options.keys,
    seedMs,
    wallMs,
    keysPerSecond: (options.keys * 1000) / wallMs,
    job,
    written: writtenCount,
    aiCalls,
    jobMs,
    busy,
    firstPickupMs: firstStart - start,
    loopDelayP99: loop.percentile(99) / 1e6,
    loopDelayMax: loop.max / 1e6,
    base,
    peak,
    heapAfter,
  } satisfies BatchRun;
}

/** An error's first line, with its cause's (undici's "fetch failed" says nothing by itself). */
function failure(error: unknown): string {
  const { message, cause } = error as Error;
  const first = message.split("\n")[0] ?? "";
  return cause instanceof Error ? `${first} (${cause.message.split("\n")[0]})` : first;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
const count = (value: number) => value.toLocaleString("en");

/** Where a run's time went, from pg-boss's job rows and the event-loop monitor. */
function timeSpent(run: BatchRun, floorMs: number): string {
  const jobs =
    run.jobMs.length === 0
      ? "chunk jobs: pg-boss rows unreadable"
      : `chunk job p50 ${ms(median(run.jobMs))}, p90 ${ms(percentile(run.jobMs, 90))} (floor ${floorMs} ms), workers busy ${pct(run.busy)}, first pickup ${ms(run.firstPickupMs)}`;
  return `${jobs}; event loop delay p99 ${ms(run.loopDelayP99)}, max ${ms(run.loopDelayMax)}`;
}

export async function batchThroughput(
  context: BatchBenchContext,
  options: { keys: number; latencyMs: number },
): Promise<BenchRow[]> {
  const { keys, latencyMs } = options;
  const scenario = `batch translation, ${keys.toLocaleString("en")} keys, AI latency ${latencyMs} ms`;
  let run: BatchRun;
  try {
    run = await runBatch(context, { keys, latencyMs });
  } catch (error) {
    const reason = failure(error);
    return [{ scenario, result: `failed: ${reason}`, budget: "≥ 90 %", ok: false }];
  }
  const perWorker = BATCH_CHUNK_SIZE * context.concurrency;
  const limit = (perWorker * 1000) / latencyMs;
  const limitWithPause = (perWorker * 1000) / (latencyMs + BATCH_PAUSE_MS);
  return [
    {
      scenario,
      result: `${run.keysPerSecond.toFixed(0)} keys/s (${count(run.written)} strings in ${ms(run.wallMs)}, ${run.aiCalls} AI calls) = ${pct(run.keysPerSecond / limit)} of ${BATCH_CHUNK_SIZE} × ${context.concurrency} / ${latencyMs} ms = ${limit.toFixed(0)} keys/s`,
      // The spec's pause after each chunk alone caps this at latency / (latency + pause).
      budget: `≥ 90 % of the paused limit (the pause caps it at ${pct(latencyMs / (latencyMs + BATCH_PAUSE_MS))})`,
      ok: undefined,
    },
    {
      scenario: "  same run vs the limit with the spec's 100 ms pause",
      result: `${pct(run.keysPerSecond / limitWithPause)} of ${BATCH_CHUNK_SIZE} × ${context.concurrency} / (${latencyMs} + ${BATCH_PAUSE_MS}) ms = ${limitWithPause.toFixed(0)} keys/s`,
      budget: "≥ 90 %",
      ok: run.keysPerSecond / limitWithPause >= 0.9,
    },
    {
      scenario: "  where the time goes",
      result: timeSpent(run, latencyMs + BATCH_PAUSE_MS),
      budget: "(measured)",
      ok: undefined,
    },
  ];
}

export async function batchMemory(
  context: BatchBenchContext,
  options: { keys: number; latencyMs: number },
): Promise<BenchRow[]> {
  const { keys, latencyMs } = options;
  const scenario = `batch translation, ${keys.toLocaleString("en")} keys, AI latency ${latencyMs} ms`;
  const budget = "completes; memory flat";
  let run: BatchRun;
  try {
    run = await runBatch(context, { keys, latencyMs });
  } catch (error) {
    const reason = failure(error);
    return [{ scenario, result: `failed: ${reason}`, budget, ok: false }];
  }
  const retained = run.heapAfter - run.base.heapUsed;
  // With no AI latency the spec's pause is what limits: chunk × concurrency / pause.
  const limit = (BATCH_CHUNK_SIZE * context.concurrency * 1000) / Math.max(latencyMs + BATCH_PAUSE_MS, 1);
  return [
    {
      scenario,
      result: `${ms(run.wallMs)} = ${run.keysPerSecond.toFixed(0)} keys/s (${pct(run.keysPerSecond / limit)} of ${BATCH_CHUNK_SIZE} × ${context.concurrency} / ${latencyMs + BATCH_PAUSE_MS} ms = ${limit.toFixed(0)} keys/s), ${count(run.written)} strings written; seeded in ${ms(run.seedMs)}`,
      budget: "completes",
      ok: true,
    },
    {
      scenario: "  where the time goes",
      result: timeSpent(run, latencyMs + BATCH_PAUSE_MS),
      budget: "(measured)",
      ok: undefined,
    },
    {
      scenario: "  memory during that batch (sampled every 250 ms)",
      result: `heap peak ${mb(run.peak.heapUsed)} (+${mb(run.peak.heapUsed - run.base.heapUsed)}), RSS peak ${mb(run.peak.rss)} (+${mb(run.peak.rss - run.base.rss)}), heap after GC ${retained >= 0 ? "+" : "-"}${mb(Math.abs(retained))}`,
      // Flat: what stays after the job is not proportional to its keys (a few MB, not 10s).
      budget: "heap after GC < +32 MB",
      ok: retained < 32 * MB,
    },
  ];
}
