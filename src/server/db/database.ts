import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { ConfigError } from "../config.ts";
import { lowerProcessPriority } from "../cpu-priority.ts";
import type { Logger } from "../logger.ts";
import { branchScopedPool } from "./branch-scope.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { type EmbeddedServerOptions, startEmbeddedServer } from "./embedded/embedded-server.ts";
import { convertLegacyDataDir } from "./legacy/convert-pglite.ts";
import { AbandonedReadsPlugin } from "./query-scope.ts";
import type { DB } from "./schema.ts";

export interface Database {
  db: Kysely<DB>;
  /**
   * Connections for heavy work: imports, pushes, export streams and full key lists. On the
   * embedded server their PostgreSQL processes run at a lower priority (cpu-priority.ts), so the
   * queries of small requests go first when the cores are busy; elsewhere it is `db`.
   */
  bulk: Kysely<DB>;
  /** Where the database is: the job queue and live events open connections of their own. */
  url: string;
  /**
   * True on the embedded server, whose data folder is locked to this process: nothing else works
   * on this database, so a job still marked active was cut off by this server's last stop.
   */
  exclusive: boolean;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** `pg` returns int8 and numeric as strings: counts and sums are numbers in this app. */
const pgTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** Connections of the bulk pool: heavy requests at once, beside the pool of everything else. */
const BULK_CONNECTIONS = 4;

export async function openPostgres(
  url: string,
  options: {
    max?: number;
    logger?: Logger | undefined;
    exclusive?: boolean;
    /** The server runs on this machine (the embedded one): its bulk connections' processes are lowered. */
    local?: boolean;
  } = {},
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
  const db = kyselyOn(pool);
  if (!options.local) {
    return { db, bulk: db, url, exclusive: options.exclusive ?? false, close: () => db.destroy() };
  }
  const bulkPool = new pg.Pool({ connectionString: url, max: BULK_CONNECTIONS, types: pgTypes });
  bulkPool.on("error", (error) =>
    options.logger?.warn({ err: error }, "PostgreSQL dropped an idle connection"),
  );
  // The backend's process id comes with the connection (BackendKeyData), before any query.
  bulkPool.on("connect", (client) => {
    const pid = (client as pg.PoolClient & { processID: number | null }).processID;
    if (pid) lowerProcessPriority(pid, options.logger);
  });
  const bulk = kyselyOn(bulkPool);
  return {
    db,
    bulk,
    url,
    exclusive: options.exclusive ?? false,
    close: async () => {
      await Promise.all([db.destroy(), bulk.destroy()]);
    },
  };
}

function kyselyOn(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({
    // Work on a branch gets connections that read it (branch-scope.ts).
    dialect: new PostgresDialect({ pool: branchScopedPool(pool) }),
    plugins: [new AbandonedReadsPlugin()],
  });
}

/**
 * Sprog's own PostgreSQL server with its data in `dataDir`, locked against a second Sprog on the
 * same folder. A folder an earlier release wrote with PGlite is converted first (once).
 */
export async function openEmbedded(
  dataDir: string,
  options: { logger?: Logger | undefined; settings?: EmbeddedServerOptions["settings"] } = {},
): Promise<Database> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = acquireDataDirLock(dir);
  try {
    const server = await startEmbeddedServer({
      dataDir: dir,
      logger: options.logger,
      settings: options.settings,
    });
    let database: Database;
    try {
      await convertLegacyDataDir(dir, server.url, options.logger);
      database = await openPostgres(server.url, { logger: options.logger, exclusive: true, local: true });
    } catch (error) {
      await server.stop();
      throw error;
    }
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
          await server.stop();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export function openDatabase(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string },
  logger: Logger,
): Promise<Database> {
  if (config.DATABASE_URL) {
    logger.info("database: PostgreSQL (DATABASE_URL)");
    return openPostgres(config.DATABASE_URL, { logger });
  }
  logger.info({ dataDir: resolve(config.DATA_DIR) }, "database: embedded PostgreSQL (DATA_DIR)");
  return openEmbedded(config.DATA_DIR, { logger });
}
