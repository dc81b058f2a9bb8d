import type { TestProject } from "vitest/node";
import { provideTestDatabaseServer } from "./test-database-server.ts";

/**
 * Runs once per `vitest run --project integration`, before any worker starts: the run's database
 * server and its migrated template (tests/helpers/test-database-server.ts). A missing
 * TEST_DATABASE_URL server (TEST_DB=postgres) fails here once, clearly.
 */
export default async function setup(project: TestProject) {
  return provideTestDatabaseServer(project);
}
