import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { globSync } from "tinyglobby";
import { configDefaults, defineConfig } from "vitest/config";
// Vitest 5 reporters need Map.groupBy/Object.groupBy (Node 21+); this machine runs Node 20.
import "./scripts/node-polyfills.mjs";

/**
 * Five projects (run them through `npm test`, which runs each step in order):
 * - unit: `src/**\/*.test.ts` next to the code, node (not src/web)
 * - web: `src/web/**\/*.test.{ts,tsx}` and the published packages' `packages/*\/src/**\/*.test.{ts,tsx}`,
 *   jsdom + React, one jsdom per worker; web-mocks: those of them that replace a module, each
 *   file in a jsdom and module cache of its own
 * - integration: `tests/integration`, real database; TEST_DB=embedded|postgres picks which
 *   (scripts/test.ts runs the project once with each); a worker runs its files in one module cache
 * - e2e: `tests/e2e`, the built app in Chromium, each file its own server and browser (scripts/test.ts
 *   runs two at once)
 *
 * Each project is self-contained (`extends: false`): vite.config.ts belongs to the app build.
 */
/** What each web test file starts from, run before every file: a blank page, real timers, no stubs. */
const webSetup = fileURLToPath(new URL("./src/web/test-setup.ts", import.meta.url));

const WEB_TESTS = ["src/web/**/*.test.{ts,tsx}", "packages/*/src/**/*.test.{ts,tsx}"];

/**
 * The web test files that replace a module (`vi.mock`). The others share one jsdom and one module
 * cache per worker (`isolate: false`): making jsdom anew for each of 124 files was 175 s of the
 * web step's 212 s here, and without it the step took 43 s. A replaced module needs a module cache
 * of the file's own (a component another file imported first keeps the real module), so these
 * files keep their isolation, found by what they say rather than a list to keep up.
 */
function filesThatMockModules(globs: string[]): string[] {
  const mocks = /\bvi\.(?:do)?[mM]ock\(/;
  const root = fileURLToPath(new URL(".", import.meta.url));
  return globSync(globs, { cwd: root }).filter((file) => mocks.test(readFileSync(`${root}${file}`, "utf8")));
}
const ownModuleTests = filesThatMockModules(WEB_TESTS);

const INTEGRATION_TESTS = ["tests/integration/**/*.test.ts"];
/**
 * The integration tests run against the real thing, and their workers share a module cache across
 * files (below): a file that replaced a module would change it for the files after it.
 */
const mockingIntegrationTests = filesThatMockModules(INTEGRATION_TESTS);
if (mockingIntegrationTests.length > 0) {
  throw new Error(`Integration tests use real modules, not vi.mock: ${mockingIntegrationTests.join(", ")}`);
}

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "src/web/**"],
        },
      },
      {
        extends: false,
        plugins: [react()],
        test: {
          name: "web",
          environment: "jsdom",
          include: WEB_TESTS,
          exclude: [...configDefaults.exclude, ...ownModuleTests],
          isolate: false,
          setupFiles: [webSetup],
        },
      },
      {
        extends: false,
        plugins: [react()],
        test: {
          name: "web-mocks",
          environment: "jsdom",
          include: ownModuleTests,
          setupFiles: [webSetup],
        },
      },
      {
        extends: false,
        test: {
          name: "integration",
          environment: "node",
          include: INTEGRATION_TESTS,
          pool: "forks",
          // A worker runs file after file in one module cache: each file imported the server anew,
          // 227 s of the embedded pass's 664 s here (437 s without). The files share no module
          // state they change (no vi.mock, no stubbed env, no fake timers): each makes its own
          // database, app and servers.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["tests/helpers/global-setup-integration.ts"],
        },
      },
      {
        extends: false,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          pool: "forks",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ["tests/helpers/global-setup-e2e.ts"],
        },
      },
    ],
  },
});
