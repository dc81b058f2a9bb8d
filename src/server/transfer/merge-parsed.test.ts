import { describe, expect, it } from "vitest";
import type { ImportedKeyMeta } from "./import-entries.ts";
import { mergeParsedImports } from "./merge-parsed.ts";
import type { ParsedImport } from "./parse-import.ts";

function parsed(code: string, entries: [string, string][], meta: Record<string, string> = {}): ParsedImport {
  return {
    keys: entries.map(([key]) => key),
    languages: [
      {
        code,
        keys: entries.map(([key]) => key),
        values: entries.map(([, value]) => value),
        states: entries.map(() => null),
      },
    ],
    keyMeta: new Map(Object.entries(meta).map(([key, description]) => [key, keyMetaOf(description)])),
    fileMeta: new Map(),
    warnings: [],
    fingerprints: {},
    shape: {},
  };
}

function keyMetaOf(description: string): ImportedKeyMeta {
  return {
    description,
    context: null,
    translatable: null,
    maxLength: null,
    tags: null,
    valueType: null,
    meta: null,
    fromSource: true,
  };
}

const valuesOf = (merged: ParsedImport, code: string) => {
  const language = merged.languages.find((l) => l.code === code);
  return Object.fromEntries((language?.keys ?? []).map((key, i) => [key, language?.values[i]]));
};

describe("mergeParsedImports (a push's files of one format, written as one)", () => {
  it("keeps every key once, in the order the files first name them, per language", () => {
    const merged = mergeParsedImports(
      [
        parsed("en", [
          ["b", "B"],
          ["a", "A"],
        ]),
        parsed("en", [
          ["c", "C"],
          ["a", "A2"],
        ]),
        parsed("de", [["a", "A-de"]]),
      ],
      false,
    );
    expect(merged.keys).toEqual(["b", "a", "c"]);
    expect(valuesOf(merged, "en")).toEqual({ b: "B", a: "A", c: "C" });
    expect(valuesOf(merged, "de")).toEqual({ a: "A-de" });
  });

  it("leaves what writing the files in turn leaves: the first non-empty value, or the last with overwriteExisting", () => {
    const files = [
      parsed("en", [
        ["k", ""],
        ["j", "J1"],
      ]),
      parsed("en", [
        ["k", "K2"],
        ["j", "J2"],
      ]),
      parsed("en", [
        ["k", "K3"],
        ["j", ""],
      ]),
    ];
    expect(valuesOf(mergeParsedImports(files, false), "en")).toEqual({ k: "K2", j: "J1" });
    expect(valuesOf(mergeParsedImports(files, true), "en")).toEqual({ k: "K3", j: "J2" });
  });

  it("takes key metadata from the last file that has it", () => {
    const merged = mergeParsedImports(
      [parsed("en", [["k", "x"]], { k: "first" }), parsed("en", [["k", "y"]], { k: "last" })],
      false,
    );
    expect(merged.keyMeta.get("k")?.description).toBe("last");
  });
});
