import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPGlite } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";

/**
 * Dumps a fresh in-memory PGlite database twice: as created, and migrated (the integration
 * project's global setup). Loading a dump takes well under a second; creating one takes 3-6 s.
 */
export async function dumpPGliteTemplates(): Promise<{ empty: Uint8Array; migrated: Uint8Array }> {
  const database = await openPGlite(undefined);
  try {
    const embedded = database.embedded;
    if (!embedded) throw new Error("openPGlite returned no embedded database");
    const empty = await embedded.dumpDataDir();
    await migrateToLatest(database.db);
    const migrated = await embedded.dumpDataDir();
    return { empty, migrated };
  } finally {
    await database.close();
  }
}

/**
 * Writes both dumps to a temporary folder and hands their paths to the project's tests
 * (`inject("pgliteTemplatePath")`, read by tests/helpers/database.ts); answers the cleanup.
 */
export async function providePGliteTemplates(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), "sprog-pglite-template-"));
  const { empty, migrated } = await dumpPGliteTemplates();
  const migratedPath = join(dir, "migrated.tar");
  const emptyPath = join(dir, "empty.tar");
  await writeFile(migratedPath, migrated);
  await writeFile(emptyPath, empty);
  project.provide("pgliteTemplatePath", migratedPath);
  project.provide("pgliteEmptyTemplatePath", emptyPath);
  if (process.env.TEST_LOG) console.log(`PGlite templates ready in ${Date.now() - started} ms in ${dir}`);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data folder (the integration and e2e projects' global setups). */
    pgliteTemplatePath: string;
    /** Tarball of a freshly created, unmigrated PGlite data folder. */
    pgliteEmptyTemplatePath: string;
  }
}
