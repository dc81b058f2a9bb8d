import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cliConfigJsonSchema, cliConfigSchema } from "./cli-config.ts";

const shipped = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("sprog.config.json's schema", () => {
  it("ships the JSON Schema generated from the zod schema (run `npx tsx scripts/cli/build.ts` after a change)", () => {
    expect(JSON.parse(shipped("schemas/sprog.config.schema.json"))).toEqual(cliConfigJsonSchema());
  });

  it("takes the web, Android and iOS layouts of the docs", () => {
    const result = cliConfigSchema.safeParse({
      host: "https://sprog.example.com",
      files: [
        { path: "src/locales/{lang}.json", format: "json", source: "en", nested: true },
        { path: "app/src/main/res/values-{android_lang}/strings.xml", format: "android" },
        { path: "ios/{lang}.lproj/Localizable.strings", format: "strings", placeholderFormat: "ios" },
      ],
      check: { src: ["src/**/*.{ts,tsx}"], patterns: ["tr\\('([^']+)'\\)"], ignore: ["legacy"] },
    });
    expect(result.success).toBe(true);
  });

  it("refuses a path without a language, an unknown format, an ftp host and unknown fields", () => {
    const refused = (config: unknown) =>
      cliConfigSchema.safeParse(config).error?.issues.map((i) => i.path.join("."));
    expect(refused({ files: [{ path: "src/en.json", format: "json" }] })).toEqual(["files.0.path"]);
    expect(refused({ files: [{ path: "{lang}.po", format: "po" }] })).toEqual(["files.0.format"]);
    expect(refused({ host: "ftp://example.com", files: [{ path: "{lang}.json", format: "json" }] })).toEqual([
      "host",
    ]);
    expect(refused({ apiKey: "sprog_x", files: [{ path: "{lang}.json", format: "json" }] })).toEqual([""]);
    expect(refused({ files: [] })).toEqual(["files"]);
  });
});
