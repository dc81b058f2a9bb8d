import { existsSync } from "node:fs";
import { contract } from "../src/shared/contract/index.ts";
import type { ApiClient } from "../tests/helpers/api-client.ts";
import { chromiumAvailable } from "../tests/helpers/browser.ts";
import { call, type InputOf } from "../tests/helpers/contract-client.ts";
import type { MailServer } from "../tests/helpers/smtp.ts";
import type { BenchRow } from "./batch-translate.ts";
import { createProject, signedInOwner } from "./bench-session.ts";
import { rawRequest } from "./contract-fetch.ts";
import { LARGE_LANGUAGES, largeKeyName, seedLargeProject, seedLargeSnapshots } from "./large-seed.ts";
import { median, ms, percentile, samples, timeIt } from "./measure.ts";
import { overviewFirstRows } from "./overview-first-rows.ts";
import { measurePullVsBare } from "./pull.ts";
import { mb, rssMb, withPeakRss } from "./rss.ts";
import { rssRow } from "./rss-row.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

const KEYS = Number(process.env.BENCH_LARGE_KEYS ?? 250_000);
const LANGUAGES = LARGE_LANGUAGES.join(",");
/** Search terms: one key, a key fragment, words of three languages, one value, and no match. */
const SEARCHES = [
  largeKeyName(Math.floor(KEYS / 2)).split(".")[2] ?? "",
  "screen3.label00",
  "Mitglied einladen",
  "pending strings",
  "élément",
  `#${Math.floor(KEYS / 3)}`,
  "before the release",
  "xyzzy-nowhere",
];

interface ListedKey {
  key: string;
  strings: Record<string, { value: string }>;
}
type Attempt = (
  scenario: string,
  budget: string,
  run: (signal: AbortSignal) => Promise<Omit<BenchRow, "scenario" | "budget">>,
) => Promise<void>;
/** A scenario still running after this long fails (its request is aborted where it can be). */
const SCENARIO_TIMEOUT_MS = Number(process.env.BENCH_LARGE_TIMEOUT_S ?? 240) * 1000;

/**
 * Issue 18's large-project budgets, on the server `kind` names: a project of BENCH_LARGE_KEYS keys (default
 * 250,000) × 10 languages seeded with SQL, then the Overview in Chromium, search, a filter change,
 * the export of every language (with the server's peak RSS), a 250,000-key import and the pull of
 * one language against a bare Node server. The server runs in a process of its own; a scenario
 * that fails is a row, and the others still run.
 */
export async function largeProject(
  kind: "embedded" | "postgres",
  mail: MailServer,
  progress: (line: string) => void,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const attempt: Attempt = async (scenario, budget, run) => {
    progress(`${scenario}…`);
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new Error(`did not finish within ${SCENARIO_TIMEOUT_MS / 1000} s (BENCH_LARGE_TIMEOUT_S)`));
      }, SCENARIO_TIMEOUT_MS);
    });
    try {
      rows.push({ scenario, budget, ...(await Promise.race([run(abort.signal), timeout])) });
    } catch (error) {
      const reason = (error as Error).message.split("\n")[0] ?? "";
      rows.push({ scenario, budget, result: `failed: ${reason}`, ok: false });
    } finally {
      clearTimeout(timer);
    }
    progress(`  ${rows.at(-1)?.result}`);
  };
  const size = `${KEYS.toLocaleString("en")} × ${LARGE_LANGUAGES.length}`;
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess(kind, {
      SMTP_URL: mail.url,
      MAX_UPLOAD_MB: "500",
      PULL_RATE_LIMIT_PER_MINUTE: "1000000",
    });
    const { url, db } = server;
    const { client, teamId } = await signedInOwner(url, mail);
    const projectId = await createProject(client, teamId, "Large", [...LARGE_LANGUAGES]);
    const seedTook = await timeIt(() =>
      seedLargeProject(db, projectId, KEYS, (line) => progress(`seed: ${line}`)),
    );
    rows.push({
      scenario: `seed ${size} with generate_series`,
      result: ms(seedTook),
      budget: "(setup)",
      ok: undefined,
    });
    const snapshots = await seedLargeSnapshots(db, projectId, KEYS);
    progress(`seed: ${snapshots} daily snapshots`);
    const context = { url, client, projectId };

    await attempt(`${size}: Overview first rows visible (Chromium)`, "< 1000 ms", async () => {
      if (!existsSync("dist/web/index.html") || !chromiumAvailable())
        throw new Error("run `npm run build`; needs Chromium at /usr/bin/chromium or CHROMIUM_PATH");
      const first = await overviewFirstRows(url, client.cookie, { teamId, projectId });
      return { result: ms(first), ok: first < 1000 };
    });
    await attempt(`${size}: search by key or text in any language (q=…, first 100)`, "p95 < 300 ms", () =>
      search(context),
    );
    await attempt(`${size}: filter change (first 100 keys + completion counts)`, "p95 < 500 ms", () =>
      filterChange(context),
    );
    await attempt(`${size}: project dashboard (after a first request, 20)`, "p95 < 300 ms", () =>
      dashboard(context),
    );
    await attempt(`${size}: pull of one language vs bare Node`, "≥ 0.5 ×", async () => {
      const created = await call(client, contract.apiKeys.create, {
        params: { projectId },
        body: { name: "bench" },
      });
      if (created.status !== 201) throw new Error(`creating an API key answered ${created.status}`);
      const [pull] = await measurePullVsBare({
        baseUrl: url,
        apiKey: created.body.key,
        language: "de",
        label: "pull",
        concurrency: 4,
        seconds: 5,
        slowPullMs: 5000,
      });
      if (!pull) throw new Error("no pull figure");
      return { result: `${pull.result} (${pull.scenario})`, ok: pull.ok };
    });
    const exportServer = server;
    await attempt(
      `${size}: export zip of all languages (JSON), peak server RSS`,
      "< 15 s, RSS < 512 MB",
      async (signal) => {
        const before = await rssMb(exportServer.pid);
        const { value, peakMb } = await withPeakRss(exportServer.pid, () => exportAll(context, signal));
        return {
          result: `${ms(value.took)} (${(value.bytes / 1024 / 1024).toFixed(0)} MB zip), peak RSS ${mb(peakMb)} (${mb(before)} before)`,
          ok: value.took < 15_000 && peakMb < 512,
        };
      },
    );
    await attempt(
      `import a ${KEYS.toLocaleString("en")}-key JSON file, peak server RSS`,
      "< 60 s",
      async (signal) => {
        const file = Object.fromEntries(
          Array.from({ length: KEYS }, (_, i) => [largeKeyName(i), `Imported text number ${i} for the app`]),
        );
        const bytes = new TextEncoder().encode(JSON.stringify(file, null, 2));
        const target = await createProject(client, teamId, "Large import", ["en"]);
        const { value: took, peakMb } = await withPeakRss(exportServer.pid, () =>
          timeIt(() => importFile(context, target, bytes, signal)),
        );
        return {
          result: `${ms(took)} (${(bytes.length / 1024 / 1024).toFixed(1)} MB), peak RSS ${mb(peakMb)}`,
          ok: took < 60_000,
        };
      },
    );
    rows.push(await rssRow(server, "large"));
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0] ?? "";
    rows.push({
      scenario: `${size} (remaining scenarios)`,
      result: `failed: ${reason}`,
      budget: "",
      ok: false,
    });
  } finally {
    await server?.stop();
  }
  return rows;
}

interface LargeContext {
  url: string;
  client: ApiClient;
  projectId: string;
}

/** A search or filter of the keys list, besides the languages and the page size every page has. */
type KeyFilter = Omit<NonNullable<InputOf<typeof contract.keys.list>["query"]>, "languages" | "limit">;

async function listPage(context: LargeContext, filter: KeyFilter): Promise<ListedKey[]> {
  const answer = await call(context.client, contract.keys.list, {
    params: { projectId: context.projectId },
    query: { languages: LANGUAGES, limit: 100, ...filter },
  });
  if (answer.status !== 200) throw new Error(`keys ${JSON.stringify(filter)} answered ${answer.status}`);
  return answer.body.keys;
}

/** Every search answers only keys whose name or some string holds the term (case-insensitively). */
async function search(context: LargeContext): Promise<Omit<BenchRow, "scenario" | "budget">> {
  const took: number[] = [];
  const slowest = { term: "", ms: 0 };
  for (let round = 0; round < 4; round++) {
    for (const term of SEARCHES) {
      let keys: ListedKey[] = [];
      const one = await timeIt(async () => (keys = await listPage(context, { q: term })));
      took.push(one);
      if (one > slowest.ms) Object.assign(slowest, { term, ms: one });
      const needle = term.toLowerCase();
      const stray = keys.find(
        (row) =>
          !row.key.toLowerCase().includes(needle) &&
          !Object.values(row.strings).some((cell) => cell.value.toLowerCase().includes(needle)),
      );
      if (stray) throw new Error(`q=${term} answered ${stray.key}, which does not hold it: is q ignored?`);
      if (term !== "xyzzy-nowhere" && keys.length === 0) throw new Error(`q=${term} found nothing`);
    }
  }
  const p95 = percentile(took, 95);
  return {
    result: `p50 ${ms(median(took))}, p95 ${ms(p95)}, max ${ms(Math.max(...took))} (${took.length} searches, ${SEARCHES.length} terms; slowest q=${slowest.term})`,
    ok: p95 < 300,
  };
}

/**
 * What the Overview waits for when a filter changes: the first page under the new filter and the
 * completion counts, in parallel: a change of `q`.
 */
async function filterChange(context: LargeContext): Promise<Omit<BenchRow, "scenario" | "budget">> {
  const filters: KeyFilter[] = [{ q: "Projekt" }, { q: "member" }, { q: "fichiers" }, { q: "screen5" }];
  const took: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const filter of filters) {
      took.push(
        await timeIt(() =>
          Promise.all([
            listPage(context, filter),
            call(context.client, contract.projects.completion, {
              params: { projectId: context.projectId },
            }).then((answer) => {
              if (answer.status !== 200) throw new Error(`completion answered ${answer.status}`);
            }),
          ]),
        ),
      );
    }
  }
  const p95 = percentile(took, 95);
  const kind = Object.keys(filters[0] ?? {})[0] ?? "";
  return {
    result: `p50 ${ms(median(took))}, p95 ${ms(p95)} (${took.length} changes of ${kind}=…)`,
    ok: p95 < 500,
  };
}

/**
 * The Activity tab's dashboard (issue 22): languages from the completion counts, today's snapshot
 * written, 90 days of snapshots read, the month's words, contributors and open reviews.
 */
async function dashboard(context: LargeContext): Promise<Omit<BenchRow, "scenario" | "budget">> {
  const once = async () => {
    const answer = await call(context.client, contract.activity.dashboard, {
      params: { projectId: context.projectId },
    });
    if (answer.status !== 200) throw new Error(`the dashboard answered ${answer.status}`);
    return answer.body;
  };
  const first = await timeIt(once);
  const days = Math.min(...(await once()).progress.map((line) => line.points.length));
  if (days < 90) throw new Error(`the progress series has ${days} days, not 90`);
  const took = await samples(20, once);
  const p95 = percentile(took, 95);
  return {
    result: `p50 ${ms(median(took))}, p95 ${ms(p95)} (first ${ms(first)}; 20 requests, ${LARGE_LANGUAGES.length - 1} languages × ${days} days)`,
    ok: p95 < 300,
  };
}

/** A JSON file of English strings imported into `projectId`, through the API. */
async function importFile(context: LargeContext, projectId: string, bytes: Uint8Array, signal: AbortSignal) {
  const { url, init } = rawRequest(
    context.url,
    contract.transfer.import,
    { params: { projectId }, body: { file: new File([new Uint8Array(bytes)], "en.json"), language: "en" } },
    { cookie: context.client.cookie },
  );
  const answer = await fetch(url, { ...init, signal });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${text.slice(0, 200)}`);
}

/** Streams the zip of every language to nowhere: how long, how many bytes. */
async function exportAll(
  context: LargeContext,
  signal: AbortSignal,
): Promise<{ took: number; bytes: number }> {
  let bytes = 0;
  const took = await timeIt(async () => {
    const { url, init } = rawRequest(
      context.url,
      contract.transfer.export,
      { params: { projectId: context.projectId }, body: { languages: [...LARGE_LANGUAGES], format: "json" } },
      { cookie: context.client.cookie },
    );
    const answer = await fetch(url, { ...init, signal });
    for await (const chunk of answer.body ?? []) bytes += (chunk as Uint8Array).length;
    if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
  });
  return { took, bytes };
}
