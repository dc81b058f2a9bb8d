import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { provideTestDatabaseServer } from "./test-database-server.ts";

/** Where the server serves the SPA from (src/server/server.ts: dist/web). */
export const WEB_DIST_INDEX = join("dist", "web", "index.html");

/**
 * Runs once before the e2e project: builds the SPA so the tests never drive a stale build.
 * `npm test` builds in its own step and sets E2E_SKIP_BUILD=1.
 *
 * It also starts the run's database server with a migrated template, which every journey's server
 * gets a copy of (as the integration tests' servers do): the journeys are about the app, not its
 * first start. A first start on an empty data folder stays covered by the restart tests
 * (tests/integration/*restart*.test.ts).
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    const started = Date.now();
    console.log("e2e: building the web app (vite build; E2E_SKIP_BUILD=1 skips this)...");
    const result = spawnSync(join("node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], {
      stdio: "inherit",
    });
    if (result.status !== 0) {
      throw new Error(`e2e: vite build failed (exit ${result.status ?? result.signal})`);
    }
    console.log(`e2e: web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error(
      `e2e: ${WEB_DIST_INDEX} is missing; the server serves the SPA from there (run npm run build)`,
    );
  }
  return provideTestDatabaseServer(project);
}
