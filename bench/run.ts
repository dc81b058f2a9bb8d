/**
 * `npm run bench`: the performance budgets, on the default setup (the embedded PostgreSQL that
 * `npm start` runs), and the responsive group again on TEST_DATABASE_URL's PostgreSQL when it is
 * reachable; printed row by row as measured, then as a table with how long each part took. Ratios
 * are against a reference measured in the same run, so noise cancels.
 *
 *   npm run bench                 everything
 *   npm run bench -- batch        only the groups named (keys, batch, transfer, templates, checks,
 *                                 landing, memory, responsive, push, start, large, horizontal,
 *                                 agents, releases, branches)
 *   BENCH_KEYS=5000 npm run bench a smaller project for a quick look
 *   BENCH_BATCH_MEMORY_KEYS=10000 a smaller batch for the batch group's process-memory scenario
 *                                 (default 50,000)
 *   BENCH_MEMORY_OTHER_STRINGS=100000
 *                                 fewer similar source strings in other teams for the translation
 *                                 memory group (default 500,000, each with a translation)
 *   BENCH_RESPONSIVE_KEYS=10000   a smaller project for the responsive group (default 50,000);
 *   BENCH_RESPONSIVE_ONLY=xlsx    and only one of its heavy requests (import, list or xlsx)
 *   BENCH_LARGE_KEYS=50000        a smaller project for the large group (default 250,000 × 10)
 *   BENCH_HORIZONTAL_KEYS=1000    the horizontal group's pulled project (default 10,000 keys)
 *   BENCH_BRANCH_KEYS=50000       a smaller project for the branches group (default 250,000 × 10)
 */
import { existsSync } from "node:fs";
import { sql } from "kysely";
import { contract } from "../src/shared/contract/index.ts";
import { type AppServer, startAppServer } from "../tests/helpers/app-server.ts";
import { call } from "../tests/helpers/contract-client.ts";
import { postgresAvailable } from "../tests/helpers/database.ts";
import { startOpenAIServer } from "../tests/helpers/openai-server.ts";
import { type MailServer, startMailServer } from "../tests/helpers/smtp.ts";
import { mcpVsRest } from "./agents.ts";
import { type BenchRow, batchMemory, batchThroughput } from "./batch-translate.ts";
import { createProject, signedInOwner } from "./bench-session.ts";
import { branchesAtScale } from "./branches.ts";
import { rawRequest } from "./contract-fetch.ts";
import { filtersAndColumns } from "./filters-and-columns.ts";
import { firstPaintScenarios } from "./first-paint.ts";
import { horizontal } from "./horizontal.ts";
import { landingScenarios } from "./landing.ts";
import { largeProject } from "./large.ts";
import { median, ms, percentile, samples } from "./measure.ts";
import { memoryScenarios } from "./memory.ts";
import { overviewFirstRows } from "./overview-first-rows.ts";
import { pushUnderLoad } from "./push.ts";
import { releaseServing } from "./releases.ts";
import { responsiveness } from "./responsiveness.ts";
import { mb } from "./rss.ts";
import { seedKeys } from "./seed.ts";
import { startTime } from "./start-time.ts";
import { templatedExport } from "./templates.ts";
import { exportZip, importChecks, importFile, pullThroughput } from "./transfer.ts";

const KEYS = Number(process.env.BENCH_KEYS ?? 50_000);
const BATCH_MEMORY_KEYS = Number(process.env.BENCH_BATCH_MEMORY_KEYS ?? 50_000);
const MEMORY_OTHER_STRINGS = Number(process.env.BENCH_MEMORY_OTHER_STRINGS ?? 500_000);

/**
 * Scenario groups: keys (keys API, saves, completion counts, Overview), batch (AI batch
 * translation), transfer (import, export, pull API), templates (an export rendered on its uploaded
 * file against one without), checks (the quality checks' share of a 50,000-key
 * import), landing (the public pages and the Overview's first paint in Chromium), memory
 * (translation-memory lookups among other teams' strings, on a server of its own), responsive
 * (a tiny request and a cell save while a large import, list and XLSX export run, on a server of
 * its own), push (the same probes while large pushes run, and each push against an import of the
 * same keys), start (`npm start` on an existing data folder), large (250,000 keys × 10 languages)
 * horizontal (two server processes on one database) and agents (an agent's writes through MCP
 * against the same writes through the REST API) and releases (an environment's manifest and a
 * release file under load, issue 37) and branches (start one, its Overview against main's and a merge of
 * 1,000 changes at 250,000 keys, issue 39). Every group but keys, batch, transfer,
 * templates, checks and landing starts a server process of its own; the RSS after each group is a row.
 */
const GROUPS = [
  "keys",
  "batch",
  "transfer",
  "templates",
  "checks",
  "landing",
  "memory",
  "responsive",
  "push",
  "start",
  "large",
  "horizontal",
  "agents",
  "releases",
  "branches",
] as const;
type Group = (typeof GROUPS)[number];
/** Groups that start a server process of their own rather than share the in-process one. */
const OWN_SERVER: readonly string[] = [
  "memory",
  "responsive",
  "push",
  "start",
  "large",
  "horizontal",
  "branches",
];
/** Groups measured again on an external PostgreSQL (TEST_DATABASE_URL), as the budgets ask. */
const EXTERNAL_TOO: readonly Group[] = ["responsive"];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(GROUPS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(", ")}; choose from ${GROUPS.join(", ")}`);
  process.exit(2);
}
let only: readonly Group[] | undefined;
const runs = (group: Group) =>
  (chosen.length === 0 || chosen.includes(group)) && (only === undefined || only.includes(group));

/** How long each part took, printed as it ends and again under the table. */
const timings: { part: string; seconds: number }[] = [];
async function timed(part: string, run: () => Promise<void>): Promise<void> {
  const started = performance.now();
  console.log(`\n== ${part} ==`);
  try {
    await run();
  } finally {
    const seconds = (performance.now() - started) / 1000;
    timings.push({ part, seconds });
    console.log(`== ${part}: ${seconds.toFixed(0)} s ==`);
  }
}

interface Row {
  database: string;
  scenario: string;
  result: string;
  budget: string;
  ok: boolean | undefined;
}
/** Every figure, printed as it is measured (a crash later loses nothing already seen). */
class ReportedRows extends Array<Row> {
  override push(...items: Row[]): number {
    for (const row of items) {
      const verdict = row.ok === undefined ? "" : row.ok ? "  ok" : "  OVER";
      console.log(`  [${row.database}] ${row.scenario}: ${row.result}${verdict}`);
    }
    return super.push(...items);
  }
}
const rows = new ReportedRows();
const progress = (line: string) => console.log(`    … ${line}`);

/** The in-process server shares its process with the bench: its RSS is that of both. */
function inProcessRss(database: string, group: string): Row {
  return {
    database,
    scenario: `bench + server process RSS after the ${group} scenarios`,
    result: mb(process.memoryUsage().rss / 1024 / 1024),
    budget: "(measured)",
    ok: undefined,
  };
}

async function benchDatabase(kind: "embedded" | "postgres") {
  const mail = await startMailServer();
  const ai = await startOpenAIServer();
  let app: AppServer | undefined;
  try {
    app = await startAppServer(
      // The pull scenario sends thousands of requests with one key.
      { SMTP_URL: mail.url, AI_BASE_URL: ai.url, AI_API_KEY: "bench", PULL_RATE_LIMIT_PER_MINUTE: "1000000" },
      { database: kind },
    );
    const db = app.server.database.db;
    const { client, teamId } = await signedInOwner(app.url, mail);
    const label = databaseLabel(kind);

    if (runs("landing")) {
      for (const row of await landingScenarios(app.url)) rows.push({ database: label, ...row });
      const target = { baseUrl: app.url, db, client, teamId };
      for (const row of await firstPaintScenarios(target)) rows.push({ database: label, ...row });
      rows.push(inProcessRss(label, "landing"));
    }

    if (runs("batch")) {
      const context = {
        db,
        client,
        teamId,
        ai,
        concurrency: app.config.AI_BATCH_CONCURRENCY,
      };
      for (const row of await batchThroughput(context, { keys: 5_000, latencyMs: 200 }))
        rows.push({ database: label, ...row });
      for (const row of await batchMemory(context, { keys: BATCH_MEMORY_KEYS, latencyMs: 0 }))
        rows.push({ database: label, ...row });
      rows.push(inProcessRss(label, "batch"));
    }
    if (runs("transfer")) {
      const context = { baseUrl: app.url, db, client, teamId };
      const measured = [
        ...(await importFile(context, { keys: 50_000 })),
        ...(await exportZip(context, { keys: 10_000 })),
        ...(await pullThroughput(context, { keys: 10_000, concurrency: 8, seconds: 5 })),
      ];
      for (const row of measured) rows.push({ database: label, ...row });
      rows.push(inProcessRss(label, "transfer"));
    }
    if (runs("templates")) {
      const context = { baseUrl: app.url, db, client, teamId };
      for (const row of await templatedExport(context, { keys: 50_000 }))
        rows.push({ database: label, ...row });
    }
    if (runs("agents")) {
      const context = { baseUrl: app.url, db, client, teamId };
      try {
        for (const row of await mcpVsRest(context, { calls: 500, concurrency: 4 }))
          rows.push({ database: label, ...row });
      } catch (error) {
        const reason = (error as Error).message.split("\n")[0] ?? "";
        rows.push({
          database: label,
          scenario: "agents group",
          result: `failed: ${reason}`,
          budget: "",
          ok: false,
        });
      }
    }
    if (runs("releases")) {
      const context = { baseUrl: app.url, db, client, teamId };
      try {
        for (const row of await releaseServing(context, { keys: 10_000, seconds: 5 }))
          rows.push({ database: label, ...row });
      } catch (error) {
        const reason = (error as Error).message.split("\n")[0] ?? "";
        rows.push({
          database: label,
          scenario: "releases group",
          result: `failed: ${reason}`,
          budget: "",
          ok: false,
        });
      }
    }
    if (runs("checks")) {
      const context = { baseUrl: app.url, db, client, teamId };
      for (const row of await importChecks(context, { keys: 50_000 })) rows.push({ database: label, ...row });
    }
    if (!runs("keys")) return;

    const projectId = await createProject(client, teamId, "Large", ["en", "de"]);

    const seedStart = performance.now();
    const keys = await seedKeys(db, projectId, KEYS);
    rows.push({
      database: label,
      scenario: `seed ${KEYS.toLocaleString("en")} keys × 2 languages`,
      result: ms(performance.now() - seedStart),
      budget: "(setup)",
      ok: undefined,
    });

    // Seeding kept the event loop busy; the client's idle keep-alive socket may be stale now.
    await call(client, contract.auth.me, {}).catch(() => undefined);

    const firstPage = median(
      await samples(5, () =>
        call(client, contract.keys.list, {
          params: { projectId },
          query: { languages: "en,de", limit: 500 },
        }),
      ),
    );
    rows.push({
      database: label,
      scenario: "keys API, first page (500 keys)",
      result: ms(firstPage),
      budget: "(measured)",
      ok: undefined,
    });

    // Keys API vs the raw query plus JSON.stringify of the same rows.
    const allKeys = rawRequest(
      app.url,
      contract.keys.list,
      { params: { projectId }, query: { languages: "en,de" } },
      { cookie: client.cookie },
    );
    const fetchKeys = async () => {
      const response = await fetch(allKeys.url, allKeys.init);
      const text = await response.text();
      if (!response.ok || text.length < KEYS) throw new Error(`keys API answered ${response.status}`);
    };
    const raw = async () => {
      const result = await sql`
        select k.id, k.key, k.created_at, k.description, k.context, k.tags, k.max_length, k.translatable,
          k.value_type, s.language_code, s.value, s.version, s.updated_at
        from translation_keys k
        left join translation_strings s on s.key_id = k.id and s.language_code = any(${["en", "de"]}::text[])
        where k.project_id = ${projectId}
        order by k.key collate "C", k.id
      `.execute(db);
      JSON.stringify(result.rows);
    };
    await fetchKeys();
    await raw();
    const api = median(await samples(5, fetchKeys));
    const reference = median(await samples(5, raw));
    rows.push({
      database: label,
      scenario: "keys API (all keys, en+de)",
      result: `${ms(api)} = ${(api / reference).toFixed(2)} × raw SQL + JSON.stringify (${ms(reference)})`,
      budget: "≤ 2 ×",
      ok: api / reference <= 2,
    });

    // The full key list took seconds: the client's keep-alive socket may be stale now.
    await call(client, contract.auth.me, {}).catch(() => undefined);
    // Saving one cell, 200 times over different keys.
    let i = 0;
    const saves = await samples(200, async () => {
      const key = keys[(i++ * 97) % keys.length];
      const answer = await call(client, contract.strings.save, {
        params: { keyId: key?.id ?? "", lang: "de" },
        body: { value: `Gespeichert ${i}`, force: true },
      });
      if (answer.status !== 200) throw new Error(`save answered ${answer.status}`);
    });
    rows.push({
      database: label,
      scenario: "save one cell (200 saves)",
      result: `p50 ${ms(median(saves))}, p99 ${ms(percentile(saves, 99))}`,
      budget: "(measured)",
      ok: undefined,
    });

    const completion = median(
      await samples(5, () => call(client, contract.projects.completion, { params: { projectId } })),
    );
    rows.push({
      database: label,
      scenario: "language completion counts",
      result: ms(completion),
      budget: "(measured)",
      ok: undefined,
    });

    if (existsSync("dist/web/index.html") && existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) {
      const scenario = "Overview first rows visible (Chromium)";
      try {
        const first = await overviewFirstRows(app.url, client.cookie, { teamId, projectId });
        rows.push({ database: label, scenario, result: ms(first), budget: "< 1500 ms", ok: first < 1500 });
      } catch (error) {
        const reason = (error as Error).message.split("\n")[0] ?? "";
        rows.push({ database: label, scenario, result: `failed: ${reason}`, budget: "< 1500 ms", ok: false });
      }
    } else {
      rows.push({
        database: label,
        scenario: "Overview first rows visible (Chromium)",
        result: "not measured: run `npm run build`, needs /usr/bin/chromium",
        budget: "< 1500 ms",
        ok: undefined,
      });
    }
    await filtersAndColumns(rows, label, { app, client, db, teamId, projectId, keys });
    rows.push(inProcessRss(label, "keys"));
  } finally {
    await app?.stop();
    await ai.close();
    await mail.close();
  }
}

function printTable() {
  const header = ["database", "scenario", "result", "budget", ""];
  const body = rows.map((r) => [
    r.database,
    r.scenario,
    r.result,
    r.budget,
    r.ok === undefined ? "" : r.ok ? "ok" : "OVER",
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((b) => (b[c] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(" | ")} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const b of body) console.log(line(b));
}

function databaseLabel(kind: "embedded" | "postgres"): string {
  return kind === "embedded" ? "default (embedded)" : "PostgreSQL (TEST_DATABASE_URL)";
}

/** A scenario that throws ends that part as a failed row; the other parts still run. */
async function benchSafely(kind: "embedded" | "postgres") {
  const database = databaseLabel(kind);
  const inProcess = GROUPS.filter((group) => !OWN_SERVER.includes(group) && runs(group));
  if (inProcess.length > 0)
    await timed(`${database}: ${inProcess.join(", ")}`, () => inProcessGroups(kind, database));
  const ownServer: [Group, () => Promise<BenchRow[]>][] = [
    ["memory", () => memoryScenarios(kind, { otherStrings: MEMORY_OTHER_STRINGS })],
    ["responsive", () => withMail((mail) => responsiveness(kind, mail))],
    ["push", () => withMail((mail) => pushUnderLoad(kind, mail, progress))],
    ["start", () => startTime(progress)],
    ["large", () => withMail((mail) => largeProject(kind, mail, progress))],
    ["horizontal", () => withMail((mail) => horizontal(kind, mail, progress))],
    ["branches", () => withMail((mail) => branchesAtScale(kind, mail, progress))],
  ];
  for (const [group, run] of ownServer) {
    if (!runs(group)) continue;
    await timed(`${database}: ${group}`, async () => {
      try {
        for (const row of await run()) rows.push({ database, ...row });
      } catch (error) {
        const reason = (error as Error).message.split("\n")[0] ?? "";
        rows.push({
          database,
          scenario: `${group} group`,
          result: `failed: ${reason}`,
          budget: "",
          ok: false,
        });
      }
      if (group === "memory") rows.push(inProcessRss(database, "memory"));
    });
  }
}

async function withMail(run: (mail: MailServer) => Promise<BenchRow[]>): Promise<BenchRow[]> {
  const mail = await startMailServer();
  try {
    return await run(mail);
  } finally {
    await mail.close();
  }
}

async function inProcessGroups(kind: "embedded" | "postgres", database: string) {
  try {
    await benchDatabase(kind);
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0] ?? "";
    rows.push({
      database,
      scenario: "(remaining scenarios)",
      result: `failed: ${reason}`,
      budget: "",
      ok: false,
    });
  }
}

const benchStarted = performance.now();
await benchSafely("embedded");
only = EXTERNAL_TOO;
if (EXTERNAL_TOO.some((group) => runs(group))) {
  if (await postgresAvailable()) await benchSafely("postgres");
  else {
    console.log(
      "\n!!! PostgreSQL not reachable at TEST_DATABASE_URL: the external-server rows are missing !!!",
    );
    for (const group of EXTERNAL_TOO.filter((group) => runs(group))) {
      const result = "not measured: PostgreSQL not reachable (TEST_DATABASE_URL)";
      rows.push({
        database: databaseLabel("postgres"),
        scenario: `${group} group`,
        result,
        budget: "",
        ok: false,
      });
    }
  }
}
printTable();
console.log("\nHow long each part took:");
for (const { part, seconds } of timings)
  console.log(`  ${part.padEnd(60)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(
  `  ${"whole bench".padEnd(60)} ${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(5)} s`,
);
process.exit(rows.some((r) => r.ok === false) ? 1 : 0);
