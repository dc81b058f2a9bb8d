import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, openPostgres } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import type { DB } from "../../src/server/db/schema.ts";
import { redactUrl, type TestDatabaseKind, testDatabaseKind, testDatabaseUrl } from "./database-env.ts";

export {
  assertPostgresReachable,
  postgresAvailable,
  type TestDatabaseKind,
  testDatabaseKind,
  testDatabaseLabel,
  testDatabaseUrl,
} from "./database-env.ts";

export interface TestDatabase {
  kind: TestDatabaseKind;
  /** Connection URL of the fresh database. */
  url: string;
  database: Database;
  /** Shortcut for `database.db`. */
  db: Kysely<DB>;
  /** Closes the connection and removes the database. Safe to call twice. */
  drop(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Run the migrations (default true). Pass false to test the migrations themselves. */
  migrate?: boolean;
}

/**
 * A fresh database on the run's server (the embedded one, or TEST_DATABASE_URL's), isolated from
 * every other test database: a copy of the migrated template the project's global setup made
 * (`CREATE DATABASE … TEMPLATE`, milliseconds), or an empty one with `migrate: false`.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind(),
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  return createServerDatabase(kind, options.migrate ?? true);
}

/**
 * Creates a database in `beforeAll` and drops it in `afterAll` of the calling file (or describe
 * block); returns an accessor for it.
 *
 *   const testDb = setupTestDatabase();
 *   it("...", async () => { await testDb().db.selectFrom("users")... });
 */
export function setupTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind(),
  options: CreateTestDatabaseOptions = {},
): () => TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase(kind, options);
  });
  afterAll(async () => {
    await current?.drop();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error("setupTestDatabase(): the database exists only inside tests and hooks");
    return current;
  };
}

/** Empties every table except the migration bookkeeping, so one database can serve several tests. */
export async function truncateAll(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select quote_ident(schemaname) || '.' || quote_ident(tablename) as name
    from pg_tables
    where schemaname = current_schema() and tablename not like 'schema_migrations%'
  `.execute(db);
  if (rows.length === 0) return;
  await sql.raw(`truncate ${rows.map((row) => row.name).join(", ")} restart identity cascade`).execute(db);
}

// ---------------------------------------------------------------------------------------------
// One real database per call, created on the run's server and dropped after.

/** Whether a test database of this kind can be made here (outside vitest: PostgreSQL only). */
export function testServerAvailable(kind: TestDatabaseKind = testDatabaseKind()): boolean {
  if (kind === "postgres") return true;
  try {
    return inject("testDatabaseServer")?.kind === kind;
  } catch {
    return false;
  }
}

/** The server and template the project's global setup made, or TEST_DATABASE_URL's server alone. */
function runServer(kind: TestDatabaseKind): { adminUrl: string; template: string | undefined } {
  try {
    const provided = inject("testDatabaseServer");
    if (provided && provided.kind === kind)
      return { adminUrl: provided.adminUrl, template: provided.template };
  } catch {
    // Not inside vitest.
  }
  if (kind === "postgres") return { adminUrl: testDatabaseUrl(), template: undefined };
  throw new Error(
    "No embedded PostgreSQL for this test run: the integration and e2e projects' global setup starts it",
  );
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Cannot reach PostgreSQL for tests at ${redactUrl(url)} (set TEST_DATABASE_URL): ${(error as Error).message}`,
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function createServerDatabase(kind: TestDatabaseKind, migrate: boolean): Promise<TestDatabase> {
  const { adminUrl, template } = runServer(kind);
  const name = `sprog_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const from = migrate && template ? ` template "${template}"` : "";
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"${from}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dropDatabase = () =>
    withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));

  let database: Database;
  try {
    database = await openPostgres(url.toString(), { max: 5 });
    // A migration added since the template was made is applied here.
    if (migrate) await migrateToLatest(database.db);
  } catch (error) {
    await dropDatabase().catch(() => {});
    throw error;
  }
  let dropped = false;
  return {
    kind,
    url: url.toString(),
    database,
    db: database.db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close().catch(() => {});
      await dropDatabase();
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The server the project's global setup chose or started, and its migrated template database. */
    testDatabaseServer: { kind: TestDatabaseKind; adminUrl: string; template: string };
  }
}
