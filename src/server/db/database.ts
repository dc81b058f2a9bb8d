import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { ConfigError } from "../config.ts";
import type { Logger } from "../logger.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { EmbeddedPostgres } from "./embedded/embedded-postgres.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import { AbandonedReadsPlugin } from "./query-scope.ts";
import type { DB } from "./schema.ts";

export interface Database {
  db: Kysely<DB>;
  kind: "postgres" | "pglite";
  /** The embedded database on its own thread, when there is one (job queues and live events share it). */
  embedded: EmbeddedPostgres | undefined;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** `pg` returns int8 and numeric as strings; PGlite returns numbers. Make both give numbers. */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export async function openPostgres(
  url: string,
  options: { max?: number; logger?: Logger } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types: pgTypes });
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on("error", (error) => options.logger?.warn({ err: error }, "PostgreSQL dropped an idle connection"));
  // Fail at start, naming the variable, rather than on the first request.
  const client = await pool.connect().catch(async (error: Error) => {
    await pool.end();
    throw new ConfigError(`Cannot connect to DATABASE_URL: ${error.message}`, { cause: error });
  });
  client.release();
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new AbandonedReadsPlugin()],
  });
  return { db, kind: "postgres", embedded: undefined, close: () => db.destroy() };
}

export { pgliteExtensions } from "./embedded/extensions.ts";

/**
 * The embedded database: in `dataDir` (locked against a second server on the same folder), or in
 * memory — empty, or from a `dumpDataDir()` tarball (the tests' migrated template).
 */
export async function openPGlite(
  dataDir: string | undefined,
  options: { loadDataDir?: Uint8Array | undefined } = {},
): Promise<Database> {
  let release = () => {};
  let pgdata: string | undefined;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    release = acquireDataDirLock(dir);
    pgdata = resolve(dir, "pgdata");
  }
  let embedded: EmbeddedPostgres;
  try {
    embedded = await EmbeddedPostgres.open({ dataDir: pgdata, loadDataDir: options.loadDataDir });
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(embedded), plugins: [new AbandonedReadsPlugin()] });
  return {
    db,
    kind: "pglite",
    embedded,
    close: async () => {
      try {
        await db.destroy();
        await embedded.close();
      } finally {
        release();
      }
    },
  };
}

export function openDatabase(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string },
  logger: Logger,
) {
  if (config.DATABASE_URL) {
    logger.info("database: PostgreSQL (DATABASE_URL)");
    return openPostgres(config.DATABASE_URL, { logger });
  }
  logger.info({ dataDir: resolve(config.DATA_DIR) }, "database: embedded PGlite (DATA_DIR)");
  return openPGlite(config.DATA_DIR);
}
