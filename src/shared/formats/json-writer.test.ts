import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entryLeafValue, flatTree, type JsonText, writeJson } from "./json-tree.ts";
import { pluralsToIcu } from "./plurals.ts";
import { formatById } from "./registry.ts";
import type { SerializeOptions, TranslationEntry } from "./types.ts";

/**
 * JSON's file writer (the export's streaming path) against the tree the format writes whole: the
 * same bytes whatever the batches, and undefined where it cannot know an entry's text in time.
 */

const json = formatById("json");
const options = (pretty: boolean, more: Partial<SerializeOptions> = {}): SerializeOptions => ({
  sourceLanguage: "en",
  pretty,
  nested: false,
  flattenPlurals: false,
  ...more,
});

/** What the format's tree writes for these entries, flat, plurals as ICU messages. */
function wholeFile(entries: readonly TranslationEntry[], pretty: boolean): string {
  const leaves = entries.map((entry) => ({
    key: entry.key,
    value: (entry.plurals
      ? pluralsToIcu(entry.plurals, entry.pluralVariable ?? "count")
      : entryLeafValue(entry)) as string | JsonText,
  }));
  return writeJson(flatTree(leaves), pretty);
}

const text = fc.string({ unit: "grapheme", maxLength: 12 });
const entry: fc.Arbitrary<TranslationEntry> = fc.oneof(
  fc.record({ key: fc.constantFrom("a", "b", "a.b", "x_one", "ü", ""), value: text }),
  fc.record({ key: fc.string({ maxLength: 6 }), value: text }),
  fc.record({
    key: fc.string({ maxLength: 4 }),
    value: fc.constantFrom("[1,2]", "true", "null", '{"a":{"b":[1]}}', "not json", "{}"),
    valueType: fc.constant("json" as const),
  }),
  fc.record({
    key: fc.string({ maxLength: 4 }),
    plurals: fc.record({ one: text, other: text }),
    pluralVariable: fc.constantFrom("count", "n"),
  }),
);

describe("JSON written in parts", () => {
  it("is the file written whole, byte for byte, however the entries are cut into batches", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 30 }),
        fc.array(fc.nat({ max: 30 }), { maxLength: 5 }),
        fc.boolean(),
        (entries, cuts, pretty) => {
          const writer = json.fileWriter?.("de", options(pretty));
          if (!writer) throw new Error("flat JSON is written in parts");
          const bounds = [0, ...[...cuts].sort((x, y) => x - y), entries.length];
          let written = "";
          for (let i = 0; i + 1 < bounds.length; i++) {
            written += writer.write(entries.slice(bounds[i], Math.max(bounds[i] ?? 0, bounds[i + 1] ?? 0)));
          }
          written += writer.end();
          expect(writer.path).toBe("de.json");
          expect(written).toBe(wholeFile(entries, pretty));
        },
      ),
    );
  });

  it("is what the format's serialize writes, and an empty file is {}", async () => {
    const entries: TranslationEntry[] = [
      { key: "save", value: "Speichern" },
      { key: "list", value: "[1, 2]", valueType: "json" },
      { key: "items", plurals: { one: "# Eintrag", other: "# Einträge" }, pluralVariable: "count" },
      { key: "save", value: "second value is dropped" },
    ];
    for (const pretty of [true, false]) {
      const [file] = await json.serialize({ de: entries }, options(pretty));
      expect(new TextDecoder().decode(file?.bytes)).toBe(wholeFile(entries, pretty));
      const writer = json.fileWriter?.("de", options(pretty));
      expect((writer?.write([]) ?? "") + writer?.end()).toBe(pretty ? "{}\n" : "{}");
    }
  });

  it("is not offered where the file needs every entry first (nested objects, i18next plural keys)", () => {
    expect(json.fileWriter?.("de", options(true, { nested: true }))).toBeUndefined();
    expect(json.fileWriter?.("de", options(true, { flattenPlurals: true }))).toBeUndefined();
  });
});
