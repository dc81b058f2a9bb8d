import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, testDatabaseKind } from "./database.ts";

/**
 * The environment for a database that outlives one server, for restart tests: a fresh database on
 * TEST_DATABASE_URL's server (DATABASE_URL), or an empty data folder (DATA_DIR) in which each server
 * starts its own embedded PostgreSQL, as TEST_DB says. `cleanups`
 * receives what removes it.
 */
export async function persistentDatabaseEnv(
  cleanups: (() => Promise<void>)[],
): Promise<Record<string, string>> {
  if (testDatabaseKind() === "postgres") {
    const postgres = await createTestDatabase("postgres", { migrate: false });
    cleanups.push(() => postgres.drop());
    return { DATABASE_URL: postgres.url };
  }
  const dataDir = await mkdtemp(join(tmpdir(), "sprog-restart-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { DATA_DIR: dataDir };
}
