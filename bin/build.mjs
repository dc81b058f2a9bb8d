// Builds the CLI's two shipped artefacts (run `node bin/build.mjs` after changing bin/src or
// src/shared/cli-config.ts; tests fail while either is stale):
// - schemas/sprog.config.schema.json, from the zod schema in src/shared/cli-config.ts;
// - bin/sprog.mjs, bin/src bundled into one file with Node built-ins only, so GET /cli/sprog.mjs
//   still hands CI a single file that runs without installing anything.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

export const BANNER = `#!/usr/bin/env node
// Sprog command-line client: pull, push, status, check (CI/CD). Node >= 20 built-ins only, so it
// also runs as a single downloaded file: curl -fsSLO https://your-sprog/cli/sprog.mjs
// Generated from bin/src by bin/build.mjs: edit those files, not this one.`;

/** Both files formatted and imports sorted as `npm run lint` wants them (the repository's Biome settings). */
function formatted(text, path) {
  const biome = spawnSync(
    `${root}node_modules/.bin/biome`,
    ["check", "--write", `--stdin-file-path=${path}`],
    {
      cwd: root,
      input: text,
      encoding: "utf8",
    },
  );
  if (biome.status !== 0) throw new Error(`biome check ${path} failed: ${biome.stderr}`);
  return biome.stdout;
}

/** The JSON Schema text, generated from src/shared/cli-config.ts. */
export async function schemaText() {
  const bundled = await build({
    entryPoints: [`${root}src/shared/cli-config.ts`],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
  });
  const code = bundled.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
  return formatted(JSON.stringify(module.cliConfigJsonSchema()), "schemas/sprog.config.schema.json");
}

/** The bundled CLI's text. */
export async function cliText() {
  const bundled = await build({
    entryPoints: [`${root}bin/src/entry.mjs`],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    banner: { js: BANNER },
    legalComments: "none",
    logLevel: "silent",
  });
  return formatted(bundled.outputFiles[0].text, "bin/sprog.mjs");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(`${root}schemas/sprog.config.schema.json`, await schemaText());
  writeFileSync(`${root}bin/sprog.mjs`, await cliText());
  console.log("Wrote schemas/sprog.config.schema.json and bin/sprog.mjs");
}
