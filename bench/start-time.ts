import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contract } from "../src/shared/contract/index.ts";
import { freePort } from "../tests/helpers/app-server.ts";
import type { BenchRow } from "./batch-translate.ts";
import { rawRequest } from "./contract-fetch.ts";
import { ms } from "./measure.ts";

const RESTARTS = 3;

/** `npm start`'s server command (after its build step, package.json), until the server answers HTTP. */
async function start(dataDir: string): Promise<{ child: ChildProcess; took: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 120_000;
  const status = rawRequest(`http://127.0.0.1:${port}`, contract.ai.status, {});
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr.slice(0, 300)}`);
    const answer = await fetch(status.url, status.init).catch(() => undefined);
    // Any answer (this route wants a session) means HTTP is up.
    if (answer) return { child, took: performance.now() - started };
    if (Date.now() > deadline) throw new Error("the server did not answer within 120 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Issue 31: `npm start` on an existing data folder answers within 3 s of its build step (the
 * embedded PostgreSQL started, migrations checked, jobs and HTTP up). The first start on an empty
 * folder (initdb, every migration) is shown for reference.
 */
export async function startTime(progress: (line: string) => void): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), "sprog-bench-start-"));
  const rows: BenchRow[] = [];
  try {
    progress("start: a first start on an empty data folder…");
    const first = await start(dataDir);
    await stop(first.child);
    rows.push({
      scenario: "npm start on an empty data folder (initdb, every migration)",
      result: ms(first.took),
      budget: "(measured)",
      ok: undefined,
    });
    const took: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      const again = await start(dataDir);
      took.push(again.took);
      await stop(again.child);
    }
    const slowest = Math.max(...took);
    rows.push({
      scenario: `npm start on an existing data folder, ready (${RESTARTS} starts)`,
      result: `${took.map(ms).join(", ")}`,
      budget: "< 3000 ms",
      ok: slowest < 3000,
    });
  } catch (error) {
    rows.push({
      scenario: "npm start on an existing data folder",
      result: `failed: ${(error as Error).message}`,
      budget: "< 3000 ms",
      ok: false,
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}
