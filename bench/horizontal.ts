import { availableParallelism } from "node:os";
import { contract } from "../src/shared/contract/index.ts";
import { v1Contract } from "../src/shared/contract/v1.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { MailServer } from "../tests/helpers/smtp.ts";
import type { BenchRow } from "./batch-translate.ts";
import { createProject, signedInOwner } from "./bench-session.ts";
import { loadRequest, rawRequest } from "./contract-fetch.ts";
import { type LoadRequest, requestsPerSecond, wrkAvailable, wrkRequestsPerSecond } from "./load.ts";
import { ms } from "./measure.ts";
import { cpuSeconds, machineTicks } from "./rss.ts";
import { rssRow } from "./rss-row.ts";
import { seedKeys } from "./seed.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

const KEYS = Number(process.env.BENCH_HORIZONTAL_KEYS ?? 10_000);
const SECONDS = 5;
/** Connections per load client; two clients always run, so the client side never changes. */
const CONNECTIONS = 4;

/**
 * Issue 18's horizontal budgets: two app processes on one database (on the default setup, the
 * second uses the first one's embedded server through its URL) serve ≥ 1.7× the
 * pull throughput of one, measured with the same client, and a live edit made through one process
 * reaches SSE clients of both. The client (wrk when installed, else node:http), both servers and
 * PostgreSQL share the machine's cores, and the row says how many there are.
 */
export async function horizontal(
  kind: "embedded" | "postgres",
  mail: MailServer,
  progress: (line: string) => void,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const servers: ServerProcess[] = [];
  const env = { SMTP_URL: mail.url, PULL_RATE_LIMIT_PER_MINUTE: "1000000" };
  try {
    const a = await startServerProcess(kind, env);
    servers.push(a);
    const b = await startServerProcess(kind, env, { shareWith: a });
    servers.push(b);
    const { client, teamId } = await signedInOwner(a.url, mail);
    const projectId = await createProject(client, teamId, "Horizontal", ["en", "de"]);
    const keys = await seedKeys(a.db, projectId, KEYS);
    const created = await call(client, contract.apiKeys.create, {
      params: { projectId },
      body: { name: "bench" },
    });
    if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}`);

    progress("horizontal: pull throughput, one process then two…");
    const scenario = `pull API, ${KEYS.toLocaleString("en")} keys: two processes vs one on one PostgreSQL`;
    try {
      rows.push({ scenario, budget: "≥ 1.7 ×", ...(await pullScaling(a, b, created.body.key)) });
    } catch (error) {
      rows.push({ scenario, budget: "≥ 1.7 ×", result: `failed: ${(error as Error).message}`, ok: false });
    }

    progress("horizontal: a live edit through A, SSE clients on A and B…");
    const live = "a live edit through process A reaches SSE clients on A and on B";
    try {
      const keyId = keys[KEYS >> 1]?.id ?? "";
      const reached = await liveEdit([a, b], { cookie: client.cookie, projectId, keyId });
      rows.push({ scenario: live, result: reached, budget: "both within 5 s", ok: true });
    } catch (error) {
      rows.push({
        scenario: live,
        result: `failed: ${(error as Error).message}`,
        budget: "both within 5 s",
        ok: false,
      });
    }
    for (const [index, server] of servers.entries())
      rows.push(await rssRow(server, `horizontal (process ${index === 0 ? "A" : "B"})`));
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0] ?? "";
    rows.push({
      scenario: "horizontal (remaining scenarios)",
      result: `failed: ${reason}`,
      budget: "",
      ok: false,
    });
  } finally {
    // The second process first: the first one owns (and drops) the database.
    for (const server of [...servers].reverse()) await server.stop();
  }
  return rows;
}

/**
 * Two load clients of CONNECTIONS connections each, both at A (one process) or one at A and one
 * at B (two processes), alternated over two rounds; each setup keeps its best round.
 */
async function pullScaling(a: ServerProcess, b: ServerProcess, apiKey: string) {
  const at = (server: ServerProcess): LoadRequest =>
    loadRequest(
      server.url,
      v1Contract.pull,
      { body: { format: "json", placeholderFormat: "web", language: "de" } },
      { "x-api-key": apiKey },
    );
  for (const server of [a, b]) {
    const { url, method, headers, body } = at(server);
    const answer = await fetch(url, { method, headers, body });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`pull answered ${answer.status}`);
  }
  const useWrk = wrkAvailable();
  const rate = (target: LoadRequest) =>
    useWrk
      ? wrkRequestsPerSecond(target, { connections: CONNECTIONS, seconds: SECONDS })
      : requestsPerSecond(target, { concurrency: CONNECTIONS, seconds: SECONDS, expect: 200 });
  const both = async (first: ServerProcess, second: ServerProcess) => {
    const cpuBefore = await Promise.all([cpuSeconds(a.pid), cpuSeconds(b.pid)]);
    const machineBefore = await machineTicks();
    const rates = await Promise.all([rate(at(first)), rate(at(second))]);
    const machineAfter = await machineTicks();
    const cpuAfter = await Promise.all([cpuSeconds(a.pid), cpuSeconds(b.pid)]);
    const cores = cpuAfter.map((after, i) => (after - (cpuBefore[i] ?? 0)) / SECONDS);
    const busy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
    return { rate: rates.reduce((sum, value) => sum + value, 0), cores, busy };
  };
  let one = { rate: 0, cores: [0, 0], busy: 0 };
  let two = { rate: 0, cores: [0, 0], busy: 0 };
  for (let round = 0; round < 2; round++) {
    const single = await both(a, a);
    if (single.rate > one.rate) one = single;
    const double = await both(a, b);
    if (double.rate > two.rate) two = double;
  }
  const ratio = two.rate / one.rate;
  const cores = (used: number[]) => used.map((value) => value.toFixed(2)).join(" + ");
  return {
    result:
      `${two.rate.toFixed(0)} req/s = ${ratio.toFixed(2)} × one process (${one.rate.toFixed(0)} req/s); ` +
      `server CPU in cores: one ${cores(one.cores)}, two ${cores(two.cores)}; ` +
      `machine busy ${(one.busy * 100).toFixed(0)} % / ${(two.busy * 100).toFixed(0)} %; ` +
      `client ${useWrk ? "wrk" : "node:http"} on the same ${availableParallelism()} cores as both servers and PostgreSQL`,
    ok: ratio >= 1.7,
  };
}

/** An open event stream: resolves `seen(value)` when a string.updated event carries that value. */
async function openStream(url: string, cookie: string, signal: AbortSignal) {
  const answer = await fetch(url, { headers: { cookie, accept: "text/event-stream" }, signal });
  if (answer.status !== 200 || !answer.body) throw new Error(`${url} answered ${answer.status}`);
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const waiters: { test: (event: string, data: string) => boolean; resolve: () => void }[] = [];
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "";
        const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? "";
        for (const waiter of waiters.filter((w) => w.test(event, data))) {
          waiter.resolve();
          waiters.splice(waiters.indexOf(waiter), 1);
        }
        end = buffer.indexOf("\n\n");
      }
    }
  })();
  const until = (test: (event: string, data: string) => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} did not arrive at ${url} within 5 s`)), 5000);
      waiters.push({
        test,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  // Subscribed on the server once its first event, `ready`, is here.
  await until((event) => event === "ready", "the ready event");
  return { until };
}

async function liveEdit(
  servers: ServerProcess[],
  target: { cookie: string; projectId: string; keyId: string },
): Promise<string> {
  const abort = new AbortController();
  try {
    const streams = await Promise.all(
      servers.map(async (server) => {
        const { url } = rawRequest(server.url, contract.events.stream, {
          params: { projectId: target.projectId },
        });
        const stream = await openStream(url, target.cookie, abort.signal);
        return stream;
      }),
    );
    const value = `Live über zwei Prozesse ${Date.now()}`;
    const arrived = streams.map((stream) =>
      stream.until(
        (event, data) => event === "string.updated" && data.includes(JSON.stringify(value)),
        "the edit",
      ),
    );
    const sent = performance.now();
    const took = arrived.map((promise) => promise.then(() => performance.now() - sent));
    const [first] = servers;
    const save = rawRequest(
      first?.url ?? "",
      contract.strings.save,
      { params: { keyId: target.keyId, lang: "de" }, body: { value, force: true } },
      { cookie: target.cookie },
    );
    const answer = await fetch(save.url, save.init);
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`saving through A answered ${answer.status}`);
    const [onA = 0, onB = 0] = await Promise.all(took);
    return `reached A after ${ms(onA)}, B after ${ms(onB)}`;
  } finally {
    abort.abort();
  }
}
