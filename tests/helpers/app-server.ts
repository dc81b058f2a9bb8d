import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Config, loadConfig } from "../../src/server/config.ts";
import { createLogger, type Logger } from "../../src/server/logger.ts";
import { type RunningServer, startServer } from "../../src/server/server.ts";
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseKind,
  testServerAvailable,
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
  /** The DATA_DIR the test gave, if any. */
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
 * Starts the real Sprog server in this process.
 *
 * Defaults: a fresh database on the server TEST_DB names (a copy of the run's migrated template;
 * the server's own migrations still run on it) unless DATABASE_URL or DATA_DIR is given,
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
  // A fresh database dropped by stop(); outside vitest (bench, scripts) the embedded kind is a
  // server of its own in a temporary DATA_DIR, as `npm start` runs.
  let postgres: TestDatabase | undefined;
  let ownDataDir: string | undefined;
  const kind = options.database ?? testDatabaseKind();
  if (!chosen && testServerAvailable(kind)) {
    postgres = await createTestDatabase(kind);
    env.DATABASE_URL = postgres.url;
  } else if (!chosen) {
    ownDataDir = await mkdtemp(join(tmpdir(), "sprog-app-"));
    env.DATA_DIR = ownDataDir;
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
        dataDir: env.DATA_DIR,
        server,
        clock,
        async stop() {
          if (stopped) return;
          stopped = true;
          await server.stop();
          await postgres?.drop();
          if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      lastError = error;
      // Someone took the port between the probe and the listen: pick another one.
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || env.PORT) break;
    }
  }
  await postgres?.drop();
  if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  throw lastError;
}
