import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../src/server/db/database.ts";
import { startEmbeddedServer } from "../../src/server/db/embedded/embedded-server.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { assertPostgresReachable, testDatabaseKind, testDatabaseUrl } from "./database-env.ts";

/**
 * A project's global setup (integration, e2e): the run's one server — the embedded PostgreSQL,
 * started here in a temporary folder, or TEST_DATABASE_URL's — and a migrated template database on
 * it, from which every test database is copied (`inject("testDatabaseServer")`, read by
 * tests/helpers/database.ts). Answers the cleanup.
 */
export async function provideTestDatabaseServer(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const kind = testDatabaseKind();
  let adminUrl: string;
  let stopServer = async () => {};
  if (kind === "postgres") {
    await assertPostgresReachable();
    adminUrl = testDatabaseUrl();
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), "sprog-test-postgres-"));
    // Test data need not survive a crash of the machine: no waiting for the disk.
    const server = await startEmbeddedServer({
      dataDir,
      settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
    }).catch(async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    adminUrl = server.adminUrl;
    stopServer = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const template = `sprog_template_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await admin(adminUrl, `create database "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openPostgres(url.toString(), { max: 2 });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  project.provide("testDatabaseServer", { kind, adminUrl, template });
  if (process.env.TEST_LOG) console.log(`test database server ready in ${Date.now() - started} ms`);
  return async () => {
    await admin(adminUrl, `drop database if exists "${template}" with (force)`).catch(() => {});
    await stopServer();
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
