import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { getPriority, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { BULK_NICE } from "../../src/server/cpu-priority.ts";
import { isAlive } from "../../src/server/db/data-dir-lock.ts";
import { openEmbedded } from "../../src/server/db/database.ts";
import { sharedBuffersMb, startEmbeddedServer } from "../../src/server/db/embedded/embedded-server.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ApiClient } from "../helpers/api-client.ts";
import { call } from "../helpers/contract-client.ts";
import { spawnServer } from "../helpers/server-process.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * The embedded PostgreSQL that `npm start` runs (no DATABASE_URL): its data folder, its stops —
 * clean, and the crashes a real machine has — and that committed data survives each of them.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sprog-embedded-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

let mail: MailServer | undefined;
async function mailServer(): Promise<MailServer> {
  if (!mail) {
    const started = await startMailServer();
    cleanups.push(() => started.close());
    mail = started;
  }
  return mail;
}

function postmasterPid(dataDir: string): number | undefined {
  const file = join(dataDir, "postgres", "postmaster.pid");
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, "utf8").split("\n")[0]);
}

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function usersIn(dataDir: string): Promise<string[]> {
  const database = await openEmbedded(dataDir);
  try {
    const rows = await database.db.selectFrom("users").select("email").orderBy("email").execute();
    return rows.map((row) => row.email);
  } finally {
    await database.close();
  }
}

/**
 * Signs a person up through a running server: a user row committed by the app itself (the server is
 * another process, so the factories, which write through this one's database handle, cannot).
 */
async function signUp(url: string, email: string): Promise<void> {
  const api = new ApiClient(url);
  const mails = await mailServer();
  expect((await call(api, contract.auth.sendCode, { body: { email } })).status).toBe(200);
  const verified = await call(api, contract.auth.verify, {
    body: { email, code: await mails.codeFor(email) },
  });
  expect(verified.status).toBe(200);
}

describe("the embedded PostgreSQL", () => {
  it("keeps its cluster, its password (owner-only) and its log in DATA_DIR, and the data across a stop", async () => {
    const dataDir = await dataFolder();
    const first = await openEmbedded(dataDir);
    await sql`create table kept (value text)`.execute(first.db);
    await sql`insert into kept values ('ünïcode ✓')`.execute(first.db);
    expect(first.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/sprog$/);
    expect(first.exclusive).toBe(true);
    await first.close();
    expect(postmasterPid(dataDir)).toBeUndefined();

    expect(existsSync(join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    expect(statSync(join(dataDir, "postgres-password")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, "postgres.log"), "utf8")).toContain("database system is shut down");

    const second = await openEmbedded(dataDir);
    try {
      const { rows } = await sql<{ value: string; version: string; buffers: string }>`
        select value, current_setting('server_version_num') as version,
          current_setting('shared_buffers') as buffers from kept
      `.execute(second.db);
      expect(rows).toEqual([
        {
          value: "ünïcode ✓",
          version: expect.stringMatching(/^18/),
          buffers: `${sharedBuffersMb(totalmem())}MB`,
        },
      ]);
      // Unicode case rules without an OS locale: search lower-cases any language.
      const { rows: lowered } = await sql<{ l: string }>`select lower('ÄÖÜ ÉÈ ΑΒΓ ДЖ') as l`.execute(
        second.db,
      );
      expect(lowered[0]?.l).toBe("äöü éè αβγ дж");
    } finally {
      await second.close();
    }
  }, 60_000);

  it("runs heavy work's connections (Database.bulk) at a lower CPU priority, and every other at the normal one", async () => {
    const database = await openEmbedded(await dataFolder());
    try {
      const backend = async (db: typeof database.db) =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid ?? 0;
      const bulkPid = await backend(database.bulk);
      const requestPid = await backend(database.db);
      expect(bulkPid).not.toBe(requestPid);
      expect(getPriority(bulkPid)).toBe(BULK_NICE);
      expect(getPriority(requestPid)).toBe(getPriority(process.pid));
    } finally {
      await database.close();
    }
  });

  it("stops with Sprog on SIGTERM", async () => {
    const dataDir = await dataFolder();
    const server = await spawnServer({ DATA_DIR: dataDir, SMTP_URL: (await mailServer()).url }, cleanups, {
      startTimeoutMs: 90_000,
    });
    const pid = postmasterPid(dataDir);
    expect(pid).toBeGreaterThan(0);
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    expect(server.child.exitCode).toBe(0);
    expect(isAlive(pid as number)).toBe(false);
    expect(postmasterPid(dataDir)).toBeUndefined();
  }, 120_000);

  it("after kill -9 of Sprog, PostgreSQL stops too and the next start has every committed row", async () => {
    const dataDir = await dataFolder();
    const env = { DATA_DIR: dataDir, SMTP_URL: (await mailServer()).url };
    const server = await spawnServer(env, cleanups, { startTimeoutMs: 90_000 });
    await signUp(server.url, "before-the-crash@example.com");
    const pid = postmasterPid(dataDir) as number;
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server.child.once("exit", resolve));
    // Left running, it would hold the port and memory until the next start.
    await until(() => !isAlive(pid));

    expect(await usersIn(dataDir)).toEqual(["before-the-crash@example.com"]);
  }, 120_000);

  it("after kill -9 of Sprog and of PostgreSQL (a power cut), recovers from its stale postmaster.pid", async () => {
    const dataDir = await dataFolder();
    const env = { DATA_DIR: dataDir, SMTP_URL: (await mailServer()).url };
    const server = await spawnServer(env, cleanups, { startTimeoutMs: 90_000 });
    await signUp(server.url, "power-cut@example.com");
    const pid = postmasterPid(dataDir) as number;
    process.kill(pid, "SIGKILL");
    server.child.kill("SIGKILL");
    await new Promise((resolve) => server.child.once("exit", resolve));
    await until(() => !isAlive(pid));
    expect(postmasterPid(dataDir)).toBe(pid);

    expect(await usersIn(dataDir)).toEqual(["power-cut@example.com"]);
    expect(readFileSync(join(dataDir, "postgres.log"), "utf8")).toMatch(
      /not properly shut down|automatic recovery/,
    );
  }, 120_000);

  it("stops a server an earlier Sprog left running (no parent-death signal) and starts its own", async () => {
    const dataDir = await dataFolder();
    const database = await openEmbedded(dataDir);
    await sql`create table kept (value int)`.execute(database.db);
    await sql`insert into kept values (42)`.execute(database.db);
    await database.close();
    // Started without the data folder's lock and never stopped: what a killed Sprog leaves where
    // the kernel cannot stop PostgreSQL with it.
    const leftOver = await startEmbeddedServer({ dataDir });
    cleanups.push(() => leftOver.stop());
    const leftOverPid = postmasterPid(dataDir) as number;

    const reopened = await openEmbedded(dataDir);
    try {
      expect(isAlive(leftOverPid)).toBe(false);
      expect(postmasterPid(dataDir)).not.toBe(leftOverPid);
      const { rows } = await sql<{ value: number }>`select value from kept`.execute(reopened.db);
      expect(rows).toEqual([{ value: 42 }]);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
