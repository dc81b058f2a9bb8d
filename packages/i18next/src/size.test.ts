// @vitest-environment node
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bundle } from "../build.ts";

/** What every page of an app using the package loads, gzipped. */
const BUDGET = 4096;

describe("the package's size", () => {
  it(`keeps the main entry under ${BUDGET} bytes gzipped, the in-context editor in a chunk of its own`, async () => {
    // As an app bundles it: minified, i18next being the app's own.
    const chunks = await bundle({ entries: { index: "src/index.ts" }, minify: true, external: ["i18next"] });
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!entry) throw new Error("no entry chunk");
    const loaded = [entry, ...chunks.filter((chunk) => entry.imports.includes(chunk.fileName))];
    const code = loaded.map((chunk) => chunk.code).join("\n");
    const gzipped = gzipSync(code).length;

    expect(gzipped, `main entry: ${gzipped} bytes gzipped`).toBeLessThan(BUDGET);
    expect(code).toContain("SprogBackend");
    expect(entry.exports.sort()).toEqual(["SprogBackend", "sprogInContext"]);

    expect(entry.dynamicImports).toHaveLength(1);
    const editor = chunks.find((chunk) => chunk.fileName === entry.dynamicImports[0]);
    expect(editor?.code).toContain("Sign in to Sprog to edit texts");
    expect(editor?.code).toContain("MutationObserver");
    expect(code).not.toContain("Sign in to Sprog");
    expect(code).not.toContain("MutationObserver");
  }, 60_000);
});
