import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { assertPostgresReachable, testDatabaseKind } from "./database-env.ts";
import { dumpPGliteTemplates } from "./pglite-template.ts";

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
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), "sprog-pglite-template-"));
  const { empty, migrated } = await dumpPGliteTemplates();
  const migratedPath = join(dir, "migrated.tar");
  const emptyPath = join(dir, "empty.tar");
  await writeFile(migratedPath, new Uint8Array(await migrated.arrayBuffer()));
  await writeFile(emptyPath, new Uint8Array(await empty.arrayBuffer()));
  project.provide("pgliteTemplatePath", migratedPath);
  project.provide("pgliteEmptyTemplatePath", emptyPath);
  if (process.env.TEST_LOG) console.log(`PGlite templates ready in ${Date.now() - started} ms in ${dir}`);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
