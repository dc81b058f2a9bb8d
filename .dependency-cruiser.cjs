/**
 * Folder rules of src/, checked by dependency-cruiser (`npm run lint:deps`, part of `npm run lint`
 * and of `npm test`'s lint step). docs/architecture.md ("Folder rules") explains them.
 *
 * "shared has no DOM or Node types" is the type checker's job, not this file's:
 * src/shared/tsconfig.json checks shared code without the DOM library and without @types/node.
 * The rules below add the import side of it (no Node built-ins; of the packages, an allowlist).
 *
 * @type {import("dependency-cruiser").IConfiguration}
 */

/** Test files may cross the lines to prove both sides agree (a docs page against server constants). */
const TEST_FILE = "(\\.test\\.tsx?|-test-helpers\\.ts)$";

/** What src/shared may import from node_modules (rule shared-only-to-allowed-packages). */
const SHARED_PACKAGES = [
  "zod",
  "@orpc/contract",
  "@formatjs/icu-messageformat-parser",
  "fflate",
  "papaparse",
  "yaml",
  "fast-xml-parser",
  "plist",
  "gettext-parser",
  "exceljs",
];

/** What a published package's code (packages/X/src) may import from node_modules: its peer and its dependencies. */
const SDK_PACKAGES = ["i18next", "modern-screenshot"];

/** What src/cli may import from node_modules: what esbuild bundles into bin/sprog.mjs (rule cli-only-to-shared). */
const CLI_PACKAGES = ["fflate", "tinyglobby", "zod", "@orpc/contract"];

module.exports = {
  forbidden: [
    {
      name: "web-not-to-server",
      comment:
        "The web bundle runs in the browser: it talks to the server over HTTP only and shares types " +
        "through src/shared.",
      severity: "error",
      from: { path: "^src/web/", pathNot: TEST_FILE },
      to: { path: "^src/server/" },
    },
    {
      name: "server-not-to-web",
      comment: "The server never depends on the UI; what both need lives in src/shared.",
      severity: "error",
      from: { path: "^src/server/", pathNot: TEST_FILE },
      to: { path: "^src/web/" },
    },
    {
      name: "shared-not-to-web-or-server",
      comment: "src/shared is imported by both sides, so it imports neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(web|server)/" },
    },
    {
      name: "shared-not-to-node-builtins",
      comment: "Shared code also runs in the browser: no node:fs, node:path and the like.",
      severity: "error",
      from: { path: "^src/shared/", pathNot: TEST_FILE },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "shared-only-to-allowed-packages",
      comment:
        "Shared code is plain TypeScript that both sides run: of the packages, only zod, the contract's " +
        "@orpc/contract and the file formats' parsers. An allowlist, so a framework (react-query, " +
        "pg-boss, hono) cannot slip in under a name a denylist did not think of.",
      severity: "error",
      from: { path: "^src/shared/", pathNot: TEST_FILE },
      to: {
        path: "(^|/)node_modules/",
        pathNot: `(^|/)node_modules/(${SHARED_PACKAGES.join("|")})/`,
      },
    },
    {
      name: "web-not-to-server-file-libraries",
      comment:
        "src/shared/formats serves both sides, but some formats' libraries are written for Node or are " +
        "too heavy for a page (gettext-parser needs Node's Buffer and iconv, exceljs is 1 MB): the web " +
        "imports the formats that run in a browser only, directly or through anything it imports.",
      severity: "error",
      from: { path: "^src/web/", pathNot: TEST_FILE },
      to: { path: "(^|/)node_modules/(gettext-parser|exceljs|plist)/", reachable: true },
    },
    {
      name: "cli-only-to-shared",
      comment:
        "src/cli is bundled into bin/sprog.mjs, the one file CI downloads and runs with nothing installed: " +
        "it imports src/shared (the contract it calls the API by), Node's built-ins and the few packages " +
        "bundled with it, never the server's or the web's code.",
      severity: "error",
      from: { path: "^src/cli/" },
      to: {
        dependencyTypesNot: ["core"],
        pathNot: `^src/(cli|shared)/|(^|/)node_modules/(${CLI_PACKAGES.join("|")})/`,
      },
    },
    {
      name: "not-to-cli",
      comment:
        "src/cli is a program, not a library: only its tests and its build script (scripts/cli/build.ts) " +
        "import it.",
      severity: "error",
      from: { path: "^(src|scripts|bench)/", pathNot: `^src/cli/|^scripts/cli/|${TEST_FILE}` },
      to: { path: "^src/cli/" },
    },
    {
      name: "package-self-contained",
      comment:
        "packages/X is published to npm alone (@sprog/i18next): its code imports its own files, its peer " +
        "and its dependencies only, never the app's src/ (constants it shares are copies, kept equal by " +
        "a test) nor Node's built-ins (it runs in the app's page). Its tests and build script may.",
      severity: "error",
      from: { path: "^packages/([^/]+)/src/", pathNot: TEST_FILE },
      to: { pathNot: `^packages/$1/src/|(^|/)node_modules/(${SDK_PACKAGES.join("|")})/` },
    },
    {
      name: "not-to-packages",
      comment:
        "The app does not use the SDK it publishes: packages/ is imported by its own files, the examples " +
        "and tests only.",
      severity: "error",
      from: { path: "^(src|scripts|bench)/", pathNot: TEST_FILE },
      to: { path: "^packages/" },
    },
    {
      name: "examples-use-the-sdk-only",
      comment:
        "An example app shows what an app outside this repository does: it uses the published SDK " +
        "(packages/), never the Sprog app's own code.",
      severity: "error",
      from: { path: "^examples/" },
      to: { path: "^(src|tests|scripts|bench)/" },
    },
    {
      name: "not-to-examples",
      comment: "Example apps are built and run (end-to-end tests build them), not imported by code.",
      severity: "error",
      from: { path: "^(src|packages|scripts|bench)/" },
      to: { path: "^examples/" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a typo or a missing dependency.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "web-not-to-node-builtins",
      comment: "The web bundle runs in the browser, where Node's built-in modules do not exist.",
      severity: "error",
      from: { path: "^src/web/", pathNot: TEST_FILE },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "web-shared-not-to-features",
      comment:
        "src/web/components and src/web/lib serve every feature, so they import none: what a shared " +
        "component needs from a feature (the cell editor's strings API) is passed in by the page.",
      severity: "error",
      from: { path: "^src/web/(components|lib)/" },
      to: { path: "^src/web/features/" },
    },
    {
      name: "web-feature-not-to-other-feature",
      comment:
        "A web feature (src/web/features/X) does not import another feature: what two features share goes " +
        "to src/web/components or src/web/lib, so a feature can change or go without breaking the others.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    // Type-only imports count too: a type from the server in the web is still a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
