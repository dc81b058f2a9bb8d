import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Kysely, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type Database, openPGlite, openPostgres } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import type { DB } from "../../src/server/db/schema.ts";
import { redactUrl, type TestDatabaseKind, testDatabaseKind, testDatabaseUrl } from "./database-env.ts";

export {
  assertPostgresReachable,
  postgresAvailable,
  type TestDatabaseKind,
  testDatabaseKind,
  testDatabaseUrl,
} from "./database-env.ts";

export interface TestDatabase {
  kind: TestDatabaseKind;
  /** Connection URL of the fresh PostgreSQL database (undefined for PGlite, which is in memory). */
  url?: string | undefined;
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

/** A fresh, migrated database of the given kind, isolated from every other test database. */
export async function createTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind(),
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  return kind === "postgres" ? createPostgresDatabase(migrate) : createPGliteDatabase(migrate);
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
// PostgreSQL: one real database per call, created on TEST_DATABASE_URL's server and dropped after.

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

async function createPostgresDatabase(migrate: boolean): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  const name = `sprog_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dropDatabase = () =>
    withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));

  let database: Database;
  try {
    database = await openPostgres(url.toString(), { max: 5 });
    if (migrate) await migrateToLatest(database.db);
  } catch (error) {
    await dropDatabase().catch(() => {});
    throw error;
  }
  let dropped = false;
  return {
    kind: "postgres",
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

// ---------------------------------------------------------------------------------------------
// PGlite: a fresh in-memory instance per call. Creating one from scratch takes 3-6 s; loading the
// migrated template that the integration project's global setup dumped once takes well under 1 s.

const templateBlobs = new Map<string, Promise<Blob | undefined>>();

function loadTemplate(key: "pgliteTemplatePath" | "pgliteEmptyTemplatePath"): Promise<Blob | undefined> {
  let blob = templateBlobs.get(key);
  if (!blob) {
    blob = (async () => {
      let path: string | undefined;
      try {
        path = inject(key);
      } catch {
        return undefined; // not running inside vitest
      }
      if (!path) return undefined;
      return new Blob([await readFile(path)]);
    })();
    templateBlobs.set(key, blob);
  }
  return blob;
}

/**
 * The migrated PGlite tarball the integration or e2e project's global setup made, or undefined (other
 * projects, or outside vitest). Read once per worker.
 */
export function pgliteTemplate(): Promise<Blob | undefined> {
  return loadTemplate("pgliteTemplatePath");
}

async function createPGliteDatabase(migrate: boolean): Promise<TestDatabase> {
  const template = await loadTemplate(migrate ? "pgliteTemplatePath" : "pgliteEmptyTemplatePath");
  // The template was migrated when the run started; a migration added since is applied here.
  const database = await openPGlite(undefined, {
    loadDataDir: template ? new Uint8Array(await template.arrayBuffer()) : undefined,
  });
  if (migrate) await migrateToLatest(database.db);
  let dropped = false;
  return {
    kind: "pglite",
    url: undefined,
    database,
    db: database.db,
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close();
    },
  };
}
