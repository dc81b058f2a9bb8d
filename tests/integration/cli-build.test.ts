import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { cliText, schemaText } from "../../scripts/cli/build.ts";

// bin/sprog.mjs and schemas/sprog.config.schema.json are built from src/cli and
// src/shared/cli-config.ts and committed (the package and GET /cli/sprog.mjs ship them as they
// are): a change to the sources without `npx tsx scripts/cli/build.ts` would ship the old CLI.
const shipped = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), "utf8");

describe("the shipped CLI", () => {
  it("is src/cli bundled as it is now", async () => {
    expect(await shipped("bin/sprog.mjs")).toBe(await cliText());
  });

  it("carries the JSON Schema generated from src/shared/cli-config.ts", async () => {
    expect(await shipped("schemas/sprog.config.schema.json")).toBe(schemaText());
  });

  it("imports nothing but Node's built-in modules, so one downloaded file runs", async () => {
    const text = await shipped("bin/sprog.mjs");
    // Single-line and multi-line imports, and the bare `import "x";` of a module run for its effects.
    const imports = [...text.matchAll(/^import\s(?:[^;"']*?\sfrom\s)?"([^"]+)";$/gm)].map(
      (match) => match[1],
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !name?.startsWith("node:"))).toEqual([]);
  });
});
