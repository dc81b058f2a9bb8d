// Builds the example app from the repository's root, without an install of its own (React and the
// rest resolve from the root's node_modules): `npx tsx examples/react-i18next/build.ts`, or
// `npx vite build examples/react-i18next`. End-to-end tests call buildExample() with the Sprog
// server they start.
import { fileURLToPath } from "node:url";
import { build } from "vite";

const exampleDir = fileURLToPath(new URL(".", import.meta.url));

/** The build-time settings the example reads (see src/i18n.ts). */
export interface ExampleEnv {
  /** Where releases are served: the Sprog server or a CDN in front of it. */
  VITE_SPROG_URL?: string;
  VITE_SPROG_DISTRIBUTION?: string;
  VITE_SPROG_ENVIRONMENT?: string;
  /** The Sprog server, for in-context editing. */
  VITE_SPROG_EDIT_URL?: string;
  VITE_SPROG_PROJECT?: string;
}

/**
 * Builds the example into `outDir` (default: examples/react-i18next/dist) with the given settings;
 * those left out are read from the environment and .env files as Vite does. Returns outDir.
 */
export async function buildExample(options: { outDir?: string; env?: ExampleEnv } = {}): Promise<string> {
  const outDir = options.outDir ?? `${exampleDir}dist`;
  // Vite takes a production build (import.meta.env.DEV false, React's production build) from
  // NODE_ENV, not from `mode`, and leaves a NODE_ENV already set alone: under a test runner
  // (NODE_ENV=test) this made a development build, with in-context editing on for every visitor.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await buildProduction(outDir, options.env ?? {});
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

async function buildProduction(outDir: string, env: ExampleEnv): Promise<void> {
  await build({
    configFile: `${exampleDir}vite.config.ts`,
    root: exampleDir,
    mode: "production",
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
    define: Object.fromEntries(
      Object.entries(env).map(([name, value]) => [`import.meta.env.${name}`, JSON.stringify(value)]),
    ),
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`Built ${await buildExample()}`);
}
