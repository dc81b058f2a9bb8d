import { openPGlite } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";

/**
 * Dumps a fresh in-memory PGlite database twice: as created, and migrated (the integration
 * project's global setup). Loading a dump takes well under a second; creating one takes 3-6 s.
 */
export async function dumpPGliteTemplates(): Promise<{ empty: Blob; migrated: Blob }> {
  const database = await openPGlite(undefined);
  try {
    const pglite = database.pglite;
    if (!pglite) throw new Error("openPGlite returned no PGlite instance");
    const empty = await pglite.dumpDataDir("none");
    await migrateToLatest(database.db);
    const migrated = await pglite.dumpDataDir("none");
    return { empty, migrated };
  } finally {
    await database.close();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data folder (tests/helpers/global-setup-integration.ts). */
    pgliteTemplatePath: string;
    /** Tarball of a freshly created, unmigrated PGlite data folder. */
    pgliteEmptyTemplatePath: string;
  }
}
