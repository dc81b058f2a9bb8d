import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { ConfigError } from "../config.ts";
import type { Logger } from "../logger.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import type { DB } from "./schema.ts";

export interface Database {
  db: Kysely<DB>;
  kind: "postgres" | "pglite";
  /** The embedded instance, when there is one (job queues share it). */
  pglite: PGlite | undefined;
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
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: "postgres", pglite: undefined, close: () => db.destroy() };
}

/** Extensions every PGlite of Sprog loads (the migrations create them): pg_trgm for translation memory. */
export const pgliteExtensions = { pg_trgm };

export async function openPGlite(dataDir: string | undefined): Promise<Database> {
  let release = () => {};
  let pglite: PGlite;
  if (dataDir) {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    release = acquireDataDirLock(dir);
    pglite = new PGlite(resolve(dir, "pgdata"), { extensions: pgliteExtensions });
  } else {
    pglite = new PGlite({ extensions: pgliteExtensions });
  }
  try {
    await pglite.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
      release();
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
