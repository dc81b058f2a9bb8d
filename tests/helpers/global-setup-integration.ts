import type { TestProject } from "vitest/node";
import { assertPostgresReachable, testDatabaseKind } from "./database-env.ts";
import { providePGliteTemplates } from "./pglite-template.ts";

/**
 * Runs once per `vitest run --project integration`, before any worker starts.
 * - TEST_DB=pglite: creates one PGlite database and dumps it, as created and migrated, to tarballs,
 *   so every test database loads in well under a second instead of being created (3-6 s).
 * - TEST_DB=postgres: checks the server answers, so a missing server fails once, clearly.
 */
export default async function setup(project: TestProject) {
  const kind = testDatabaseKind();
  if (kind === "postgres") {
    await assertPostgresReachable();
    return;
  }
  return providePGliteTemplates(project);
}
