// Builds the CLI's two shipped artefacts (run `npx tsx scripts/cli/build.ts` after changing src/cli
// or what it imports from src/shared; tests fail while either is stale):
// - schemas/sprog.config.schema.json, from the zod schema in src/shared/cli-config.ts;
// - bin/sprog.mjs, src/cli bundled into one file that imports Node built-ins only (zod, fflate,
//   tinyglobby and the contract are inside it), so GET /cli/sprog.mjs still hands CI a single file
//   that runs without installing anything.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { cliConfigJsonSchema } from "../../src/shared/cli-config.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export const BANNER = `#!/usr/bin/env node
// Sprog command-line client: pull, push, status, check (CI/CD). Node >= 20 built-ins only, so it
// also runs as a single downloaded file: curl -fsSLO https://your-sprog/cli/sprog.mjs
// Generated from src/cli by scripts/cli/build.ts: edit those files, not this one.`;

/** The schema formatted as `npm run lint` wants it (the repository's Biome settings). */
function formatted(text: string, path: string): string {
  const biome = spawnSync(
    `${root}node_modules/.bin/biome`,
    ["check", "--write", `--stdin-file-path=${path}`],
    { cwd: root, input: text, encoding: "utf8" },
  );
  if (biome.status !== 0) throw new Error(`biome check ${path} failed: ${biome.stderr}`);
  return biome.stdout;
}

/**
 * Built-in modules as `node:` imports: the bundled libraries write `fs` and `path`, and the
 * shipped file must say at a glance that it needs nothing but Node.
 */
const nodePrefix: Plugin = {
  name: "node-prefix",
  setup(esbuild) {
    const names = builtinModules.filter((name) => !name.startsWith("node:"));
    const filter = new RegExp(`^(${names.map((name) => name.replace(/[/.]/g, "\\$&")).join("|")})$`);
    esbuild.onResolve({ filter }, (args) => ({ path: `node:${args.path}`, external: true }));
  },
};

/**
 * zod's messages in English only: its classic API reaches every locale through one namespace, which
 * no bundler can shake, and the 60 others would be a third of the file.
 */
const zodEnglishOnly: Plugin = {
  name: "zod-english-only",
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? {
            // A name without the checkout's folder: the bundle names it in a comment, and the shipped
            // file must be the same wherever it is built.
            path: "en",
            namespace: "zod-en",
            pluginData: resolve(dirname(args.importer), "../locales/en.js"),
          }
        : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: "zod-en" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.pluginData)};`,
      resolveDir: root,
    }));
  },
};

/** The JSON Schema text, generated from src/shared/cli-config.ts. */
export function schemaText(): string {
  return formatted(JSON.stringify(cliConfigJsonSchema()), "schemas/sprog.config.schema.json");
}

/** The bundled CLI's text. */
export async function cliText(): Promise<string> {
  const bundled = await build({
    entryPoints: [`${root}src/cli/entry.ts`],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    banner: { js: BANNER },
    legalComments: "none",
    logLevel: "silent",
    // Paths as the checkout has them (a worktree may link node_modules): the file names its sources.
    preserveSymlinks: true,
    absWorkingDir: root,
    plugins: [nodePrefix, zodEnglishOnly],
  });
  const [output] = bundled.outputFiles;
  if (!output) throw new Error("esbuild wrote no bundle");
  return output.text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(`${root}schemas/sprog.config.schema.json`, schemaText());
  writeFileSync(`${root}bin/sprog.mjs`, await cliText());
  console.log("Wrote schemas/sprog.config.schema.json and bin/sprog.mjs");
}
