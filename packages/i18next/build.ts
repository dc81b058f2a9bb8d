// Builds @sprog/i18next into dist/ (git-ignored): `npx tsx packages/i18next/build.ts`.
// - dist/index.js: the main entry (SprogBackend, sprogInContext), what every app page loads;
// - dist/in-context.js (and the chunks it imports): the in-context editor, loaded on demand;
// - dist/**/*.d.ts: the types, from the sources.
// The size test (src/size.test.ts) bundles the main entry the same way, minified, and checks its
// gzipped size.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { OutputChunk, RolldownOutput } from "rolldown";
import { build } from "vite";

const packageDir = fileURLToPath(new URL(".", import.meta.url));
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

/** What the package's users install: never bundled into it. */
const EXTERNAL = ["i18next", "modern-screenshot"];

export interface BundleOptions {
  entries: Record<string, string>;
  minify: boolean;
  /** Left out: in memory only. */
  outDir?: string;
  external?: string[];
}

/** Bundles entries (paths relative to the package) as ES modules with Vite's library mode. */
export async function bundle(options: BundleOptions): Promise<OutputChunk[]> {
  const result = await build({
    configFile: false,
    root: packageDir,
    logLevel: "silent",
    publicDir: false,
    build: {
      outDir: options.outDir ?? "dist",
      emptyOutDir: true,
      write: options.outDir !== undefined,
      minify: options.minify,
      copyPublicDir: false,
      lib: {
        entry: Object.fromEntries(
          Object.entries(options.entries).map(([name, path]) => [name, `${packageDir}${path}`]),
        ),
        formats: ["es"],
        fileName: (_format, name) => `${name}.js`,
      },
      // Vite keeps whitespace in minified ES libraries (for pure annotations); an app's bundle has none.
      rolldownOptions: { external: options.external ?? EXTERNAL, output: { minify: options.minify } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as RolldownOutput[];
  return outputs.flatMap((output) =>
    output.output.filter((item): item is OutputChunk => item.type === "chunk"),
  );
}

export async function buildPackage(): Promise<void> {
  const chunks = await bundle({
    entries: { index: "src/index.ts", "in-context": "src/in-context/index.ts" },
    // Apps minify when they bundle; a readable dist is easier to check and debug.
    minify: false,
    outDir: `${packageDir}dist`,
  });
  const types = spawnSync(
    `${repositoryRoot}node_modules/.bin/tsgo`,
    ["-p", `${packageDir}tsconfig.build.json`],
    {
      encoding: "utf8",
    },
  );
  if (types.status !== 0) throw new Error(`Declarations failed:\n${types.stdout}${types.stderr}`);
  // The sources import "./x.ts"; the published declarations sit beside .js files.
  for (const name of readdirSync(`${packageDir}dist`, { recursive: true, encoding: "utf8" })) {
    if (!name.endsWith(".d.ts")) continue;
    const path = `${packageDir}dist/${name}`;
    writeFileSync(path, readFileSync(path, "utf8").replace(/(["'])(\.{1,2}\/[^"']+)\.ts\1/g, "$1$2.js$1"));
  }
  for (const chunk of chunks) console.log(`dist/${chunk.fileName}  ${chunk.code.length} bytes`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildPackage();
}
