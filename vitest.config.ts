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
 * - integration: `tests/integration`, real database; TEST_DB=pglite|postgres picks which
 *   (scripts/test.ts runs the project once with each)
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
function filesThatMockModules(): string[] {
  const mocks = /\bvi\.(?:do)?[mM]ock\(/;
  const root = fileURLToPath(new URL(".", import.meta.url));
  return globSync(WEB_TESTS, { cwd: root }).filter((file) =>
    mocks.test(readFileSync(`${root}${file}`, "utf8")),
  );
}
const ownModuleTests = filesThatMockModules();

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
          include: ["tests/integration/**/*.test.ts"],
          pool: "forks",
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
