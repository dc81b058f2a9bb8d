/**
 * `npm test`: every check, in order, stopping at the first failure.
 *
 *   1. typecheck     tsgo --noEmit -p .  (everything), then -p src/shared (no DOM, no Node types)
 *   2. lint          biome check .; folder rules: dependency-cruiser with .dependency-cruiser.cjs
 *   3. unit          vitest --project unit (server, shared and CLI code, on Node)
 *      web           vitest --project web --project web-mocks (the web's components and the in-app SDK,
 *                    in jsdom: one per worker, or one per file for files that replace a module)
 *   4. integration   on the embedded PostgreSQL 18 (TEST_DB=embedded: one server for the run, a
 *                    migrated template database copied per test file)
 *   5. postgres      the integration tests again on TEST_DATABASE_URL's PostgreSQL (TEST_DB=postgres;
 *                    but those of the embedded server itself, EMBEDDED_ONLY_FILES;
 *                    default postgres://postgres@127.0.0.1:5432/postgres, PostgreSQL 15 here: the
 *                    oldest supported). With one engine, one driver and one SQL, this is where a
 *                    difference between PostgreSQL versions shows; the journeys run once, in step 6.
 *   6. build + e2e   vite build, then vitest --project e2e in Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
 *
 * A missing PostgreSQL or Chromium skips its step with a loud banner, unless REQUIRE_POSTGRES=1 /
 * REQUIRE_BROWSER=1 (CI sets both), which make it a failure.
 *
 *   npm test -- --only unit,integration      groups: typecheck, lint, unit, web, integration, postgres, e2e
 *
 * The last line is the total over all vitest runs: "Tests: N passed, N failed".
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumPath } from "../tests/helpers/browser.ts";
import { postgresAvailable, redactUrl, testDatabaseUrl } from "../tests/helpers/database-env.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

type Status = "passed" | "failed" | "skipped" | "not run";
interface StepResult {
  name: string;
  status: Status;
  seconds: number;
  note?: string;
}

const STEP_GROUPS = ["typecheck", "lint", "unit", "web", "integration", "postgres", "e2e"] as const;
type StepGroup = (typeof STEP_GROUPS)[number];

/**
 * Integration test files at once. vitest's default is a core less than the machine has: one on a
 * 2-core machine, where a file spends much of its time waiting on the database and the HTTP round
 * trip. Two at once took the embedded run from 388 s to 281 s here; three were no faster (316 s).
 */
const INTEGRATION_WORKERS = [`--maxWorkers=${Math.max(2, availableParallelism() - 1)}`];

/**
 * Unit and component test files at once: every core. They keep the processor busy (no database,
 * no browser), so vitest's default of a core less left one of two idle: on this 2-core machine the
 * unit tests took 131 s with one worker and 72 s with two, the component tests 284 s and 190 s.
 */
const UNIT_WORKERS = [`--maxWorkers=${Math.max(2, availableParallelism())}`];

/**
 * Browser test files at once, each with its own server and Chromium. A journey spends most of its
 * time waiting on the page, so two share two cores well: 721 s one at a time, 304 s two at once
 * (33 files here). More would hold more browsers than the time they save.
 */
const E2E_WORKERS = ["--maxWorkers=2"];

/**
 * Integration files about the embedded server itself (its data folder, the conversion from PGlite):
 * each starts embedded servers of its own whatever TEST_DB says, so the pass on TEST_DATABASE_URL
 * would only run them again as they were (about 3 minutes here). They run in the embedded pass.
 */
const EMBEDDED_ONLY_FILES = [
  "tests/integration/embedded-server.test.ts",
  "tests/integration/legacy-column-types.test.ts",
  "tests/integration/legacy-data-dir.test.ts",
];

const results: StepResult[] = [];
const skippedBanners: string[] = [];
const totals = { passed: 0, failed: 0, skipped: 0, runs: 0, unreadable: 0 };
const reportDir = mkdtempSync(join(tmpdir(), "sprog-test-report-"));
let reportCount = 0;

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = (text: string) => paint("1", text);

function parseOnly(argv: string[]): Set<StepGroup> {
  const index = argv.findIndex((arg) => arg === "--only" || arg.startsWith("--only="));
  if (index === -1) return new Set(STEP_GROUPS);
  const arg = argv[index] as string;
  const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (argv[index + 1] ?? "");
  const chosen = value
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = chosen.filter((name) => !STEP_GROUPS.includes(name as StepGroup));
  if (chosen.length === 0 || unknown.length > 0) {
    console.error(`--only takes a comma-separated list of: ${STEP_GROUPS.join(", ")}`);
    process.exit(2);
  }
  return new Set(chosen as StepGroup[]);
}

function header(title: string) {
  const line = "═".repeat(Math.max(60, title.length + 4));
  console.log(`\n${paint("36", line)}\n${bold(`  ${title}`)}\n${paint("36", line)}`);
}

function banner(message: string): string {
  const bang = "!".repeat(Math.max(72, message.length + 8));
  return [bang, bang, `!!! ${message}`, bang, bang].join("\n");
}

function bin(name: string): string {
  const local = join(root, "node_modules", ".bin", name);
  return existsSync(local) ? local : name;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  console.log(
    paint("2", `$ ${[...Object.entries(env).map(([k, v]) => `${k}=${v}`), command, ...args].join(" ")}`),
  );
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.once("error", (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolvePromise(127);
    });
    child.once("exit", (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

/** Runs vitest with the default reporter plus a JSON report, and adds its counts to the totals. */
async function vitest(args: string[], env: Record<string, string> = {}): Promise<number> {
  reportCount += 1;
  const report = join(reportDir, `vitest-${reportCount}.json`);
  const code = await run(
    bin("vitest"),
    ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    env,
  );
  totals.runs += 1;
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      numPassedTests?: number;
      numFailedTests?: number;
      numPendingTests?: number;
      numTodoTests?: number;
    };
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  } catch {
    // vitest could not even start (e.g. a config error): the exit code tells the step failed.
    totals.unreadable += 1;
  }
  return code;
}

type StepOutcome = { status: "passed" | "failed" } | { status: "skipped"; note: string };

async function step(name: string, body: () => Promise<StepOutcome>): Promise<boolean> {
  header(name);
  const started = performance.now();
  let outcome: StepOutcome;
  try {
    outcome = await body();
  } catch (error) {
    console.error(error);
    outcome = { status: "failed" };
  }
  const seconds = (performance.now() - started) / 1000;
  results.push({
    name,
    status: outcome.status,
    seconds,
    ...("note" in outcome ? { note: outcome.note } : {}),
  });
  const mark =
    outcome.status === "passed"
      ? paint("32", "passed")
      : outcome.status === "failed"
        ? paint("31", "FAILED")
        : paint("33", "SKIPPED");
  console.log(`\n${bold(name)}: ${mark} in ${seconds.toFixed(1)} s`);
  return outcome.status !== "failed";
}

const passIf = (code: number): StepOutcome => ({ status: code === 0 ? "passed" : "failed" });

function skipLoudly(message: string): StepOutcome {
  const text = banner(`SKIPPED: ${message}`);
  skippedBanners.push(text);
  console.log(paint("33", text));
  return { status: "skipped", note: message };
}

function summary() {
  header("Summary");
  const width = Math.max(...results.map((result) => result.name.length), 10);
  for (const result of results) {
    const status = result.status.toUpperCase().padEnd(8);
    const colored =
      result.status === "passed"
        ? paint("32", status)
        : result.status === "failed"
          ? paint("31", status)
          : paint("33", status);
    const seconds = result.status === "not run" ? "" : `${result.seconds.toFixed(1).padStart(7)} s`;
    console.log(`  ${result.name.padEnd(width)}  ${colored} ${seconds}`);
  }
  const total = results.reduce((sum, result) => sum + result.seconds, 0);
  console.log(`  ${"total".padEnd(width)}  ${"".padEnd(8)} ${total.toFixed(1).padStart(7)} s`);
  if (totals.skipped > 0) console.log(`\n  ${totals.skipped} test(s) skipped or todo inside vitest runs`);
  if (totals.unreadable > 0) console.log(`  ${totals.unreadable} vitest run(s) wrote no JSON report`);
  for (const text of skippedBanners) console.log(`\n${paint("33", text)}`);
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed`);
}

async function main(): Promise<number> {
  const only = parseOnly(process.argv.slice(2));
  const requirePostgres = process.env.REQUIRE_POSTGRES === "1";
  const requireBrowser = process.env.REQUIRE_BROWSER === "1";

  const plan: Array<[string, StepGroup, () => Promise<StepOutcome>]> = [
    [
      "typecheck",
      "typecheck",
      async () => {
        // Shared code is checked a second time without the DOM library and Node's types, so using
        // `document` or `Buffer` there fails here (src/shared/tsconfig.json says how).
        const all = await run(bin("tsgo"), ["--noEmit", "-p", "."]);
        const shared = await run(bin("tsgo"), ["--noEmit", "-p", "src/shared"]);
        return passIf(all || shared);
      },
    ],
    ["lint", "lint", async () => passIf(await run(bin("biome"), ["check", "--error-on-warnings", "."]))],
    [
      "folder rules",
      "lint",
      async () =>
        passIf(
          await run(bin("depcruise"), ["--config", ".dependency-cruiser.cjs", "src", "packages", "examples"]),
        ),
    ],
    [
      "unit",
      "unit",
      async () => passIf(await vitest(["--project", "unit", ...UNIT_WORKERS, "--passWithNoTests"])),
    ],
    [
      "web",
      "web",
      async () =>
        passIf(
          await vitest(["--project", "web", "--project", "web-mocks", ...UNIT_WORKERS, "--passWithNoTests"]),
        ),
    ],
    [
      "integration (embedded PostgreSQL)",
      "integration",
      async () =>
        passIf(await vitest(["--project", "integration", ...INTEGRATION_WORKERS], { TEST_DB: "embedded" })),
    ],
    [
      "integration (PostgreSQL at TEST_DATABASE_URL)",
      "postgres",
      async () => {
        const url = testDatabaseUrl();
        if (!(await postgresAvailable(url))) {
          const message = `integration tests on PostgreSQL — no server at ${redactUrl(url)}`;
          if (requirePostgres) {
            console.error(banner(`FAILED: ${message} (REQUIRE_POSTGRES=1)`));
            return { status: "failed" };
          }
          return skipLoudly(`${message} (set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to fail)`);
        }
        // A file renamed away would be excluded no more: say so rather than run it twice unnoticed.
        const gone = EMBEDDED_ONLY_FILES.filter((file) => !existsSync(file));
        if (gone.length > 0) {
          console.error(`EMBEDDED_ONLY_FILES names files that do not exist: ${gone.join(", ")}`);
          return { status: "failed" };
        }
        const excluded = EMBEDDED_ONLY_FILES.flatMap((file) => ["--exclude", file]);
        return passIf(
          await vitest(["--project", "integration", ...INTEGRATION_WORKERS, ...excluded], {
            TEST_DB: "postgres",
            TEST_DATABASE_URL: url,
          }),
        );
      },
    ],
    [
      "build + e2e (Chromium)",
      "e2e",
      async () => {
        const browser = chromiumPath();
        if (!existsSync(browser)) {
          const message = `end-to-end tests — no Chromium at ${browser}`;
          if (requireBrowser) {
            console.error(banner(`FAILED: ${message} (REQUIRE_BROWSER=1)`));
            return { status: "failed" };
          }
          return skipLoudly(`${message} (set CHROMIUM_PATH, or REQUIRE_BROWSER=1 to fail)`);
        }
        const built = await run(bin("vite"), ["build"]);
        if (built !== 0) return { status: "failed" };
        return passIf(
          await vitest(["--project", "e2e", ...E2E_WORKERS], { E2E_SKIP_BUILD: "1", CHROMIUM_PATH: browser }),
        );
      },
    ],
  ];

  let failed = false;
  for (const [name, group, body] of plan) {
    if (!only.has(group)) continue;
    if (failed) {
      results.push({ name, status: "not run", seconds: 0 });
      continue;
    }
    if (!(await step(name, body))) failed = true;
  }
  summary();
  return failed ? 1 : 0;
}

const code = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
rmSync(reportDir, { recursive: true, force: true });
process.exit(code);
