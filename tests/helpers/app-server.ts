import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Config, loadConfig } from "../../src/server/config.ts";
import { pgliteExtensions } from "../../src/server/db/database.ts";
import { createLogger, type Logger } from "../../src/server/logger.ts";
import { type RunningServer, startServer } from "../../src/server/server.ts";
import {
  createTestDatabase,
  pgliteTemplate,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseKind,
} from "./database.ts";

/** The server's rate-limit clock, which tests can move forward (e.g. past the 60 s resend wait). */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export interface AppServer {
  /** The address the browser and API clients use; equals PUBLIC_URL (http://127.0.0.1:PORT). */
  url: string;
  port: number;
  config: Config;
  /** The temporary PGlite folder, when the helper made one (removed by stop()). */
  dataDir: string | undefined;
  server: RunningServer;
  clock: TestClock;
  stop(): Promise<void>;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Fills an empty DATA_DIR with the migrated PGlite template when the project's global setup made one
 * (integration and e2e): the server then reopens a database (about 0.5 s) instead of creating one
 * (3-6 s). Its own migrations still run on it. Outside vitest there is none: it starts from nothing.
 */
async function seedDataDir(dataDir: string): Promise<void> {
  const template = await pgliteTemplate();
  if (!template) return;
  // The same folder the server opens (src/server/db/database.ts: DATA_DIR/pgdata).
  const pglite = new PGlite(join(dataDir, "pgdata"), { loadDataDir: template, extensions: pgliteExtensions });
  await pglite.waitReady;
  await pglite.close();
}

/**
 * Starts the real Sprog server in this process.
 *
 * Defaults: the database TEST_DB names (PostgreSQL: a fresh database; PGlite: a fresh temporary
 * DATA_DIR) unless DATABASE_URL or DATA_DIR is given,
 * LOG_LEVEL silent (TEST_LOG=1 -> info, or TEST_LOG=<level>), NODE_ENV test, HOST 127.0.0.1, and a
 * free PORT picked in advance so that PUBLIC_URL (trusted origin, links in e-mails) is the real
 * address. process.env is not read: pass everything the test needs in `env`.
 */
export async function startAppServer(
  givenEnv: Record<string, string> = {},
  options: { staticDir?: string; database?: TestDatabaseKind; logger?: Logger } = {},
): Promise<AppServer> {
  const env = { ...givenEnv };
  const chosen = env.DATABASE_URL || env.DATA_DIR;
  // TEST_DB=postgres (or options.database): a fresh PostgreSQL database the server migrates at
  // start, as in production, dropped by stop().
  let postgres: TestDatabase | undefined;
  if (!chosen && (options.database ?? testDatabaseKind()) === "postgres") {
    postgres = await createTestDatabase("postgres", { migrate: false });
    env.DATABASE_URL = postgres.url ?? "";
  }
  const ownDataDir =
    env.DATABASE_URL || env.DATA_DIR ? undefined : await mkdtemp(join(tmpdir(), "sprog-app-test-"));
  if (ownDataDir) {
    await seedDataDir(ownDataDir).catch(async (error: unknown) => {
      await rm(ownDataDir, { recursive: true, force: true });
      throw error;
    });
  }
  const testLog = process.env.TEST_LOG;
  const logLevel = !testLog ? "silent" : testLog === "1" || testLog === "true" ? "info" : testLog;
  const clock = createTestClock();

  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const config = loadConfig({
      HOST: "127.0.0.1",
      LOG_LEVEL: logLevel,
      NODE_ENV: "test",
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
      PORT: String(port),
      PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    });
    try {
      const server = await startServer(config, {
        logger: options.logger ?? createLogger(config.LOG_LEVEL),
        clock,
        ...(options.staticDir ? { staticDir: options.staticDir } : {}),
      });
      let stopped = false;
      return {
        url: config.publicUrl,
        port: server.port,
        config,
        dataDir: ownDataDir,
        server,
        clock,
        async stop() {
          if (stopped) return;
          stopped = true;
          await server.stop();
          if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
          await postgres?.drop();
        },
      };
    } catch (error) {
      lastError = error;
      // Someone took the port between the probe and the listen: pick another one.
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || env.PORT) break;
    }
  }
  if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  await postgres?.drop();
  throw lastError;
}
