/**
 * `npm run soak`: issue 16's mixed-load budget. Minutes of edits, pulls, full key lists and
 * live-event clients that connect and leave, on a 10,000-key project, against the server in a
 * process of its own: no request may fail, and the server's heap after a full garbage
 * collection must be back within 10 % of where it started.
 *
 *   npm run soak                       10 minutes on PostgreSQL (the embedded server when it is not reachable)
 *   SOAK_MINUTES=2 npm run soak        shorter
 *   SOAK_DB=embedded npm run soak        on the embedded database
 *   SOAK_KEYS=10000                    keys in the project
 */
import { contract } from "../src/shared/contract/index.ts";
import { v1Contract } from "../src/shared/contract/v1.ts";
import { call } from "../tests/helpers/contract-client.ts";
import { postgresAvailable } from "../tests/helpers/database.ts";
import { startMailServer } from "../tests/helpers/smtp.ts";
import { createProject, importJson, jsonFile, signedInOwner } from "./bench-session.ts";
import { rawRequest } from "./contract-fetch.ts";
import { ms, percentile } from "./measure.ts";
import { startServerProcess } from "./server-process.ts";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const KEYS = Number(process.env.SOAK_KEYS ?? 10_000);
const kind =
  (process.env.SOAK_DB as "embedded" | "postgres" | undefined) ??
  ((await postgresAvailable()) ? "postgres" : "embedded");

const mail = await startMailServer();
const server = await startServerProcess(kind, {
  SMTP_URL: mail.url,
  PULL_RATE_LIMIT_PER_MINUTE: "1000000",
});
const errors = new Map<string, number>();
const counts = new Map<string, number[]>();
const failed = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
let exitCode = 1;

async function timed(kindOfRequest: string, expected: number, send: () => Promise<Response>) {
  const started = performance.now();
  try {
    const answer = await send();
    await answer.arrayBuffer();
    if (answer.status !== expected) failed(`${kindOfRequest}: HTTP ${answer.status}`);
  } catch (error) {
    failed(`${kindOfRequest}: ${(error as Error).message}`);
  }
  const list = counts.get(kindOfRequest) ?? [];
  list.push(performance.now() - started);
  counts.set(kindOfRequest, list);
}

try {
  console.log(`soak: ${MINUTES} min on ${kind}, ${KEYS.toLocaleString("en")} keys`);
  const { client, teamId } = await signedInOwner(server.url, mail);
  const projectId = await createProject(client, teamId, "Soak", ["en", "de"]);
  await importJson(client, projectId, jsonFile(KEYS, "en"), "en");
  await importJson(client, projectId, jsonFile(KEYS, "de"), "de");
  const list = await call(client, contract.keys.list, { params: { projectId }, query: { limit: 5000 } });
  const keyIds = list.body.keys.map((key) => key.id);
  const apiKey = await call(client, contract.apiKeys.create, {
    params: { projectId },
    body: { name: "soak" },
  });
  const cookie = { cookie: client.cookie };
  const pullRequest = rawRequest(
    server.url,
    v1Contract.pull,
    { body: { format: "json", placeholderFormat: "web", language: "de" } },
    { "x-api-key": apiKey.body.key },
  );
  const listRequest = rawRequest(
    server.url,
    contract.keys.list,
    { params: { projectId }, query: { languages: "en,de" } },
    cookie,
  );
  const events = rawRequest(server.url, contract.events.stream, { params: { projectId } }, cookie);

  const edit = (n: number) =>
    timed("save a cell", 200, () => {
      const save = rawRequest(
        server.url,
        contract.strings.save,
        {
          params: { keyId: keyIds[n % keyIds.length] ?? "", lang: "de" },
          body: { value: `Soak ${n}`, force: true },
        },
        cookie,
      );
      return fetch(save.url, save.init);
    });
  const pull = () => timed("pull", 200, () => fetch(pullRequest.url, pullRequest.init));
  const listAll = () => timed("list all keys", 200, () => fetch(listRequest.url, listRequest.init));
  const watch = async (forMs: number) => {
    const abort = new AbortController();
    try {
      const answer = await fetch(events.url, { ...events.init, signal: abort.signal });
      if (answer.status !== 200) failed(`event stream: HTTP ${answer.status}`);
      const reader = answer.body?.getReader();
      const stop = setTimeout(() => abort.abort(), forMs);
      try {
        while (reader && !(await reader.read()).done) {
          // Events are read and dropped, as a tab in the background would.
        }
      } finally {
        clearTimeout(stop);
      }
    } catch (error) {
      if ((error as Error).name !== "AbortError") failed(`event stream: ${(error as Error).message}`);
    }
    counts.set("event stream", [...(counts.get("event stream") ?? []), forMs]);
  };

  let n = 1;
  const mixedLoad = (until: number) => {
    const loop = async (work: () => Promise<unknown>, pauseMs: number) => {
      while (Date.now() < until) {
        await work();
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    return Promise.all([
      ...Array.from({ length: 4 }, () => loop(() => edit(n++), 20)),
      ...Array.from({ length: 2 }, () => loop(pull, 50)),
      loop(listAll, 1000),
      ...Array.from({ length: 5 }, () => loop(() => watch(500 + Math.random() * 3000), 100)),
    ]);
  };

  // Warm-up: the same load for a short while, so the baseline holds what stays loaded anyway
  // (compiled code, caches, pooled connections); the budget is about what keeps growing.
  await mixedLoad(Date.now() + Math.min(30_000, MINUTES * 6_000));
  counts.clear();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const before = await server.memory();
  console.log(`  heap after warm-up: ${(before.heapUsed / 1024 / 1024).toFixed(1)} MB`);

  const progress = setInterval(() => {
    const done = [...counts].map(([what, list]) => `${what} ${list.length}`).join(", ");
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    console.log(`  ${new Date().toISOString().slice(11, 19)} ${done}; errors ${errorCount}`);
  }, 60_000);
  await mixedLoad(Date.now() + MINUTES * 60_000);
  clearInterval(progress);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const after = await server.memory();
  const growth = after.heapUsed / before.heapUsed - 1;

  console.log("\n| requests | count | p50 | p99 |\n|---|---|---|---|");
  for (const [what, list] of counts) {
    console.log(`| ${what} | ${list.length} | ${ms(percentile(list, 50))} | ${ms(percentile(list, 99))} |`);
  }
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`\nerrors: ${errorCount}${errorCount ? "  OVER (budget: none)" : "  ok"}`);
  for (const [what, count] of errors) console.log(`  ${count} × ${what}`);
  const heap = (usage: NodeJS.MemoryUsage) => `${(usage.heapUsed / 1024 / 1024).toFixed(1)} MB`;
  const memoryOk = growth <= 0.1;
  console.log(
    `server heap after GC: ${heap(before)} before, ${heap(after)} after (${(growth * 100).toFixed(1)} %), RSS ${(after.rss / 1024 / 1024).toFixed(0)} MB${memoryOk ? "  ok" : "  OVER (budget: within 10 %)"}`,
  );
  exitCode = errorCount === 0 && memoryOk ? 0 : 1;
} catch (error) {
  console.error(`soak failed: ${(error as Error).message}`);
} finally {
  await server.stop();
  await mail.close();
}
process.exit(exitCode);
