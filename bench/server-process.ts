import { type ChildProcess, fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { openPostgres } from "../src/server/db/database.ts";
import type { DB } from "../src/server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/database.ts";
import { rssMb } from "./rss.ts";

export interface ServerProcess {
  url: string;
  pid: number;
  /** The database it runs on (the embedded server's too: a second process can share it). */
  databaseUrl: string;
  /** A connection of the bench's own to that database, for seeding. */
  db: Kysely<DB>;
  /** Heap and RSS of the server process after a full garbage collection. */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** Starts measuring the server thread's event-loop delay afresh. */
  resetLoopDelay(): Promise<void>;
  /** The server thread's event-loop delay since the last reset, in ms. */
  loopDelay(): Promise<{ p99: number; max: number }>;
  /** Its resident set size now (MB, from /proc), as the operating system sees it. */
  rssMb(): Promise<number>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string } & T) => {
      if (message?.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`the server process exited (${code})`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

/**
 * A fresh database (PostgreSQL: a new database; embedded: a new DATA_DIR with its own server) and the server on it; with
 * `shareWith`, a second server process on that one's PostgreSQL database (dropped by its owner).
 */
export async function startServerProcess(
  kind: "embedded" | "postgres",
  env: Record<string, string>,
  options: { shareWith?: ServerProcess } = {},
): Promise<ServerProcess> {
  let postgres: TestDatabase | undefined;
  let dataDir: string | undefined;
  const shared = options.shareWith?.databaseUrl;
  if (kind === "postgres" && !shared) postgres = await createTestDatabase("postgres", { migrate: false });
  else if (kind === "embedded" && !shared) dataDir = await mkdtemp(join(tmpdir(), "sprog-bench-"));
  const databaseUrl = shared ?? postgres?.url;
  const port = await freePort();
  const child = fork(new URL("./server-child.ts", import.meta.url), {
    execArgv: [
      "--expose-gc",
      "--import",
      "tsx",
      ...(process.env.BENCH_CPU_PROF_DIR
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
        : []),
    ],
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir ?? "" }),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let own: Awaited<ReturnType<typeof openPostgres>> | undefined;
  const cleanup = async () => {
    await own?.close();
    await postgres?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  let url: string;
  let db: Kysely<DB>;
  let reported: string;
  try {
    ({ url, databaseUrl: reported } = await nextMessage<{ url: string; databaseUrl: string }>(
      child,
      "ready",
    ));
    if (postgres) db = postgres.db;
    else if (options.shareWith) db = options.shareWith.db;
    else {
      own = await openPostgres(reported, { max: 4 });
      db = own.db;
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    databaseUrl: reported,
    db,
    rssMb: () => rssMb(pid),
    async resetLoopDelay() {
      const answer = nextMessage(child, "loop-reset");
      child.send("loop-reset");
      await answer;
    },
    async loopDelay() {
      const answer = nextMessage<{ p99: number; max: number }>(child, "loop");
      child.send("loop");
      const { p99, max } = await answer;
      return { p99, max };
    },
    async memory() {
      const answer = nextMessage<{ memory: NodeJS.MemoryUsage }>(child, "memory");
      child.send("memory");
      return (await answer).memory;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.send("stop");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await cleanup();
    },
  };
}
