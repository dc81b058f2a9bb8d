import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { cliText, schemaText } from "../../bin/build.mjs";

// bin/sprog.mjs and schemas/sprog.config.schema.json are built from bin/src and
// src/shared/cli-config.ts and committed (the package and GET /cli/sprog.mjs ship them as they
// are): a change to the sources without `node bin/build.mjs` would ship the old CLI.
const shipped = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), "utf8");

describe("the shipped CLI", () => {
  it("is bin/src bundled as it is now", async () => {
    expect(await shipped("bin/sprog.mjs")).toBe(await cliText());
  });

  it("carries the JSON Schema generated from src/shared/cli-config.ts", async () => {
    expect(await shipped("schemas/sprog.config.schema.json")).toBe(await schemaText());
  });

  it("imports nothing but Node's built-in modules, so one downloaded file runs", async () => {
    const imports = [...(await shipped("bin/sprog.mjs")).matchAll(/^import .* from "([^"]+)";$/gm)].map(
      (match) => match[1],
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !name?.startsWith("node:"))).toEqual([]);
  });
});
