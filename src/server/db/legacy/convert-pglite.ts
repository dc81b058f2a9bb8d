import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import { CompiledQuery, Kysely, type MigrationProvider, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { ConfigError } from "../../config.ts";
import type { Logger } from "../../logger.ts";
import { migrations } from "../migrations/index.ts";
import type { DB } from "../schema.ts";
import {
  assertSameTables,
  copySequences,
  copyTable,
  countRows,
  ident,
  MIGRATION_TABLES,
  publicRelations,
  type Queryable,
} from "./copy-tables.ts";

/**
 * Releases before the embedded PostgreSQL server kept their data in PGlite, in `DATA_DIR/pgdata`.
 * At the first start of this release that database is copied into the server's (migrated exactly
 * as far as PGlite was, so the app's later migrations see the data they were written for), in one
 * transaction, and the folder is kept under a dated name: nothing is deleted.
 */
export async function convertLegacyDataDir(
  dataDir: string,
  targetUrl: string,
  logger?: Logger,
): Promise<void> {
  const pgdata = join(dataDir, "pgdata");
  if (!existsSync(join(pgdata, "PG_VERSION"))) return;
  const started = performance.now();
  logger?.info({ pgdata }, "converting the PGlite data folder of an earlier release");
  // Loaded only here: PGlite's WebAssembly costs memory and start time that every other start skips.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = new PGlite({ dataDir: pgdata, extensions: { pg_trgm } });
  const pool = new pg.Pool({ connectionString: targetUrl, max: 1 });
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let summary: { tables: number; rows: number; resumed: boolean };
  try {
    const source: Queryable = { query: (text, params) => pglite.query(text, params) };
    // One connection, so the migrations and the copy share one transaction.
    summary = await db.connection().execute(async (session) => {
      const target: Queryable = {
        query: (text, params = []) => session.executeQuery(CompiledQuery.raw(text, params)),
      };
      return convert(source, target, session, { dataDir, pgdata, logger });
    });
  } finally {
    await db.destroy();
    // Only read from: a failed close loses nothing, and must not hide the conversion's own error.
    await pglite.close().catch(() => {});
  }
  const keptAt = keepAside(pgdata);
  const ms = Math.round(performance.now() - started);
  const { tables, rows, resumed } = summary;
  logger?.info(
    { tables, rows, keptAt, ms, ...(resumed ? { resumed } : {}) },
    "converted the PGlite data folder of an earlier release into the embedded PostgreSQL server",
  );
}

interface Context {
  dataDir: string;
  pgdata: string;
  logger: Logger | undefined;
}

async function convert(source: Queryable, target: Queryable, session: Kysely<DB>, context: Context) {
  // Text forms are what travels: both ends write and read them in the same styles.
  const styles = `select set_config('datestyle', 'ISO, MDY', false), set_config('intervalstyle', 'postgres', false),
    set_config('timezone', 'UTC', false), set_config('bytea_output', 'hex', false)`;
  await source.query(styles);
  await target.query(styles);
  const applied = await appliedMigrations(source);
  const unknown = applied.filter((name) => !Object.hasOwn(migrations, name));
  if (unknown.length > 0) {
    throw new ConfigError(
      `The data folder ${context.pgdata} was written by a newer release of Sprog: its database has migrations this release does not know (${unknown.join(", ")}). Start a release at least as new as the one that wrote it; nothing was changed.`,
    );
  }
  const tables = (await publicRelations(source, "r")).filter((name) => !MIGRATION_TABLES.includes(name));
  const expected = new Map<string, number>();
  for (const table of tables) expected.set(table, await countRows(source, table));
  const rows = [...expected.values()].reduce((a, b) => a + b, 0);

  if ((await appliedMigrations(target)).length > 0) {
    await assertConvertedBefore(target, applied, expected, context);
    return { tables: tables.length, rows, resumed: true };
  }
  await reportQueuedJobs(source, context.logger);
  await target.query("begin");
  try {
    const last = applied.at(-1);
    if (last) await migrateTo(session, last);
    // The embedded server's user is a superuser. Replica mode turns off foreign-key checks, so the
    // tables go in any order, and the triggers, so the copied language_counts are not counted twice.
    await target.query("set local session_replication_role = replica");
    const migrated = await appliedMigrations(target);
    if (migrated.join("\n") !== applied.join("\n")) {
      throw new Error(
        `the target's migrations (${migrated.length}) differ from PGlite's (${applied.length})`,
      );
    }
    await assertSameTables(source, target, tables);
    // The migrations may have written rows of their own; one statement, as the tables refer to each other.
    if (tables.length > 0) {
      await target.query(`truncate ${tables.map((table) => `public.${ident(table)}`).join(", ")}`);
    }
    for (const table of tables) await copyTable(source, target, table);
    await copySequences(source, target);
    for (const [table, count] of expected) {
      const copied = await countRows(target, table);
      if (copied !== count) {
        throw new Error(`table ${table} has ${copied} rows after the copy, PGlite ${count}`);
      }
    }
    await target.query("commit");
  } catch (error) {
    await target.query("rollback").catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The PGlite data folder of an earlier release (${context.pgdata}) could not be converted into the embedded PostgreSQL server, and nothing was changed: ${reason}. The folder stays as it is; the next start tries again.`,
      { cause: error },
    );
  }
  return { tables: tables.length, rows, resumed: false };
}

async function appliedMigrations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ present: boolean }>(
    "select to_regclass('public.schema_migrations') is not null as present",
  );
  if (!rows[0]?.present) return [];
  const applied = await db.query<{ name: string }>("select name from public.schema_migrations");
  return applied.rows.map((row) => row.name).sort();
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Inside the caller's transaction (`disableTransactions`), as migrate.ts names the tables. */
async function migrateTo(session: Kysely<DB>, name: string): Promise<void> {
  const migrator = new Migrator({
    db: session,
    provider,
    migrationTableName: "schema_migrations",
    migrationLockTableName: "schema_migrations_lock",
    disableTransactions: true,
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * The server's database has data while pgdata is still there: a conversion that committed but was
 * stopped before the rename (then the counts agree, and only the rename is left), or two data
 * folders put together by hand, which Sprog must not merge or overwrite.
 */
async function assertConvertedBefore(
  target: Queryable,
  applied: string[],
  expected: Map<string, number>,
  context: Context,
): Promise<void> {
  const differences: string[] = [];
  const migrated = await appliedMigrations(target);
  if (migrated.join("\n") !== applied.join("\n")) {
    differences.push(`schema_migrations: ${migrated.length} rows in PostgreSQL, ${applied.length} in PGlite`);
  }
  for (const [table, count] of expected) {
    const { rows } = await target.query<{ present: boolean }>(
      "select to_regclass($1) is not null as present",
      [`public.${ident(table)}`],
    );
    const copied = rows[0]?.present ? await countRows(target, table) : "no";
    if (copied !== count) differences.push(`${table}: ${copied} rows in PostgreSQL, ${count} in PGlite`);
  }
  if (differences.length === 0) return;
  throw new ConfigError(
    `DATA_DIR ${context.dataDir} holds both the PGlite data folder of an earlier release (pgdata) and an embedded PostgreSQL database (postgres) with other data (${differences.slice(0, 5).join("; ")}${differences.length > 5 ? "; …" : ""}). Sprog overwrites neither. To keep the PostgreSQL data, move pgdata out of DATA_DIR; to convert pgdata instead, move postgres and postgres-password out of DATA_DIR. Then start Sprog again.`,
  );
}

/** pg-boss makes its schema again at start, and the app queues unfinished batch work again. */
async function reportQueuedJobs(source: Queryable, logger: Logger | undefined): Promise<void> {
  const { rows } = await source.query<{ present: boolean }>(
    "select to_regclass('pgboss.job') is not null as present",
  );
  if (!rows[0]?.present) return;
  const queued = await source.query<{ n: string }>(
    "select count(*)::text as n from pgboss.job where state::text in ('created', 'retry', 'active')",
  );
  const jobs = Number(queued.rows[0]?.n ?? 0);
  if (jobs > 0) {
    logger?.info({ jobs }, "queued background jobs of the PGlite data folder are not carried over");
  }
}

function keepAside(pgdata: string): string {
  const base = `${pgdata}-pglite-${new Date().toISOString().slice(0, 10)}`;
  let keptAt = base;
  for (let n = 2; existsSync(keptAt); n++) keptAt = `${base}-${n}`;
  renameSync(pgdata, keptAt);
  return keptAt;
}
