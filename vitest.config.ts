import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";
// Vitest 5 reporters need Map.groupBy/Object.groupBy (Node 21+); this machine runs Node 20.
import "./scripts/node-polyfills.mjs";

/**
 * Four projects (run them through `npm test`, which runs each step in order):
 * - unit: `src/**\/*.test.ts` next to the code, node (not src/web)
 * - web: `src/web/**\/*.test.{ts,tsx}` and the published packages' `packages/*\/src/**\/*.test.{ts,tsx}`,
 *   jsdom + React
 * - integration: `tests/integration`, real database; TEST_DB=pglite|postgres picks which
 *   (scripts/test.ts runs the project once with each)
 * - e2e: `tests/e2e`, the built app in Chromium, each file its own server and browser (scripts/test.ts
 *   runs two at once)
 *
 * Each project is self-contained (`extends: false`): vite.config.ts belongs to the app build.
 */
/** Optional setup of the web tests (jest-dom matchers, cleanup...), used when the web side adds it. */
const webSetup = fileURLToPath(new URL("./src/web/test-setup.ts", import.meta.url));

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
          include: ["src/web/**/*.test.{ts,tsx}", "packages/*/src/**/*.test.{ts,tsx}"],
          setupFiles: existsSync(webSetup) ? [webSetup] : [],
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
