import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { jsonFormat } from "./json.ts";
import {
  bytes,
  EXCALIDRAW,
  entriesOf,
  FRIGATE,
  out,
  parse,
  serialize,
  text,
  UMAMI,
} from "./json-test-helpers.ts";
import { FormatError, type TranslationEntry } from "./types.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");

const corpus: { path: string; language: string; nested: boolean }[] = [
  ...readdirSync(join(CORPUS, UMAMI)).map((name) => ({
    path: `${UMAMI}/${name}`,
    language: name.slice(0, 2),
    nested: false,
  })),
  ...readdirSync(join(CORPUS, EXCALIDRAW)).map((name) => ({
    path: `${EXCALIDRAW}/${name}`,
    language: name.slice(0, 2),
    nested: true,
  })),
  ...readdirSync(join(CORPUS, FRIGATE)).map((language) => ({
    path: `${FRIGATE}/${language}/common.json`,
    language,
    nested: true,
  })),
];
const read = (path: string) => new Uint8Array(readFileSync(join(CORPUS, path)));

describe("json corpus", () => {
  it("has the corpus files", () => {
    expect(corpus.length).toBe(16);
  });

  for (const file of corpus) {
    it(`round-trips ${file.path} (parse → serialize → parse)`, async () => {
      const first = await parse(read(file.path), file.language);
      for (const variant of [
        { nested: file.nested, pretty: true },
        { nested: !file.nested, pretty: false },
      ]) {
        const written = await serialize(file.language, first.languages[file.language] ?? [], variant);
        expect(written.path).toBe(`${file.language}.json`);
        const again = await parse(written.bytes, file.language);
        expect(again.languages).toEqual(first.languages);
        expect(again.warnings.length).toBe(first.warnings.length);
      }
    });
  }

  it("reads umami's flat FormatJS files: 337 keys, ICU plurals stay values", async () => {
    const en = await entriesOf(read(`${UMAMI}/en-US.json`));
    expect(en.length).toBe(337);
    expect(en.every((entry) => entry.plurals === undefined)).toBe(true);
    expect(en.find((entry) => entry.key === "label.number-of-records")?.value).toBe(
      "{x} {x, plural, one {record} other {records}}",
    );
    const ar = await parse(read(`${UMAMI}/ar-SA.json`), "ar");
    expect(ar.languages.ar?.length).toBe(337);
    expect(ar.warnings).toEqual([]);
  });

  it("refuses umami's compiled message ASTs", async () => {
    for (const name of ["en-US.json", "de-DE.json"]) {
      await expect(parse(read(`json-flat/umami/public/intl/messages/${name}`))).rejects.toThrow(
        /compiled FormatJS messages/,
      );
    }
  });

  it("reads excalidraw's nested file: 610 leaves, _one/_many keys stay strings, empty values kept", async () => {
    const en = await entriesOf(read(`${EXCALIDRAW}/en.json`));
    expect(en.length).toBe(610);
    expect(en.filter((entry) => entry.plurals !== undefined)).toEqual([]);
    const keys = en.map((entry) => entry.key);
    expect(keys).toContain("labels.arrowhead_crowfoot_one");
    expect(keys).toContain("labels.arrowhead_crowfoot_many");
    expect(keys).toContain("labels.arrowhead_cardinality_exactly_one");
    for (const language of ["ru", "ar", "ja"]) {
      const entries = await entriesOf(
        read(`${EXCALIDRAW}/${language === "ru" ? "ru-RU" : language === "ar" ? "ar-SA" : "ja-JP"}.json`),
        language,
      );
      expect(entries.filter((entry) => entry.plurals !== undefined)).toEqual([]);
    }
    const ar = await entriesOf(read(`${EXCALIDRAW}/ar-SA.json`), "ar");
    expect(ar.find((entry) => entry.key === "labels.arrowhead_cardinality_one")).toEqual({
      key: "labels.arrowhead_cardinality_one",
      value: "",
    });
  });

  it("groups frigate's i18next plurals, also ru without _other and ja with _other only", async () => {
    const en = await entriesOf(read(`${FRIGATE}/en/common.json`));
    expect(en.filter((entry) => entry.plurals !== undefined).length).toBe(7);
    expect(en.find((entry) => entry.key === "menu.live.cameras.count")).toEqual({
      key: "menu.live.cameras.count",
      plurals: { one: "{{count}} Camera", other: "{{count}} Cameras" },
      pluralVariable: "count",
    });
    const ru = await parse(read(`${FRIGATE}/ru/common.json`), "ru");
    expect(ru.languages.ru?.find((entry) => entry.key === "time.year")?.plurals).toEqual({
      one: "{{time}} год",
      few: "{{time}} года",
      many: "{{time}} лет",
    });
    expect(ru.warnings).toHaveLength(1);
    expect(ru.warnings[0]).toMatch(/7 plurals have no “other” form \(time\.year/);
    const ja = await entriesOf(read(`${FRIGATE}/ja/common.json`), "ja");
    expect(ja.find((entry) => entry.key === "time.year")?.plurals).toEqual({ other: "{{time}} 年" });
    const ar = await entriesOf(read(`${FRIGATE}/ar/common.json`), "ar");
    expect(ar.length).toBe(15);
  });
});

describe("json parse", () => {
  it("flattens nested objects into dotted keys, keeping order", async () => {
    expect(await entriesOf('{"a": {"b": "1", "c": {"d": "2"}}, "e": "3", "f.g": "4"}')).toEqual([
      { key: "a.b", value: "1" },
      { key: "a.c.d", value: "2" },
      { key: "e", value: "3" },
      { key: "f.g", value: "4" },
    ]);
  });

  it("with flattenNestedKeys off keeps top-level strings and warns about nested objects", async () => {
    const result = await parse('{"a": {"b": "1"}, "e": "3"}', "en", { flattenNestedKeys: false });
    expect(result.languages.en).toEqual([{ key: "e", value: "3" }]);
    expect(result.warnings).toEqual([
      "Skipped 1 nested object (nested keys are turned off for this import): a.",
    ]);
  });

  it("keeps numbers, booleans, null, arrays and empty objects as JSON values", async () => {
    const result = await parse(
      '{"n": 1, "b": true, "z": null, "list": ["a", "b"], "ok": "yes", "o": {"x": 2.5}, "e": {}, "d": ""}',
    );
    const json = (key: string, value: string): TranslationEntry => ({ key, value, valueType: "json" });
    expect(result.languages.en).toEqual([
      json("n", "1"),
      json("b", "true"),
      json("z", "null"),
      json("list", '["a","b"]'),
      { key: "ok", value: "yes" },
      json("o.x", "2.5"),
      json("e", "{}"),
      { key: "d", value: "" },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("skips numeric-only and empty keys and keeps the first of duplicate dotted keys", async () => {
    const result = await parse('{"123": "x", "": "y", "a.b": "first", "a": {"b": "second"}, "4a": "ok"}');
    expect(result.languages.en).toEqual([
      { key: "a.b", value: "first" },
      { key: "4a", value: "ok" },
    ]);
    expect(result.warnings).toEqual([
      "Skipped 1 key made only of digits: 123.",
      "Skipped 1 value with an empty key: (empty key).",
      "Skipped 1 key that appears twice (the first value was kept): a.b.",
    ]);
  });

  it("does not group a plural whose base is also a key, or i18next ordinals", async () => {
    const entries = await entriesOf(
      '{"x": "X", "x_one": "1", "x_other": "n", "place_ordinal_one": "#st", "place_ordinal_other": "#th"}',
    );
    expect(entries.every((entry) => entry.plurals === undefined)).toBe(true);
    expect(entries).toHaveLength(5);
  });

  it("puts a plural where its first form was", async () => {
    expect(await entriesOf('{"a": "A", "n_other": "many", "b": "B", "n_one": "one"}')).toEqual([
      { key: "a", value: "A" },
      { key: "n", plurals: { one: "one", other: "many" }, pluralVariable: "count" },
      { key: "b", value: "B" },
    ]);
  });

  it("refuses invalid and truncated JSON with the import message", async () => {
    const message = "Invalid JSON file. Please check the file format.";
    await expect(parse("{")).rejects.toThrow(new FormatError(message));
    await expect(parse('{"a": "b",}')).rejects.toThrow(message);
    await expect(parse("")).rejects.toThrow(message);
    const whole = read(`${FRIGATE}/en/common.json`);
    await expect(parse(whole.subarray(0, Math.floor(whole.length / 2)))).rejects.toThrow(message);
  });

  it("refuses a top level that is not an object", async () => {
    await expect(parse('["a"]')).rejects.toThrow(/top level, but it holds a list/);
    await expect(parse('"a"')).rejects.toThrow(/but it holds a string/);
    await expect(parse("null")).rejects.toThrow(/but it holds null/);
  });

  it("refuses binary data and text that is not UTF-8", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    await expect(parse(png)).rejects.toThrow(/binary data/);
    await expect(
      parse(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    ).rejects.toThrow(/not valid UTF-8/);
    await expect(parse(new Uint8Array([0x7b, 0x7d, 0x00]))).rejects.toBeInstanceOf(FormatError);
  });

  it("reads UTF-8 with a BOM and UTF-16 with a BOM", async () => {
    expect(await entriesOf(bytes('\uFEFF{"a": "ä"}'))).toEqual([{ key: "a", value: "ä" }]);
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'{"a":"ä"}'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(await entriesOf(utf16)).toEqual([{ key: "a", value: "ä" }]);
  });

  it("refuses 10,000-deep nesting with a clear error (no stack overflow)", async () => {
    const deep = `${'{"a":'.repeat(10_000)}"x"${"}".repeat(10_000)}`;
    await expect(parse(deep)).rejects.toThrow(/nested more than 64 levels deep/);
    const deepArray = `{"a": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    expect((await parse(deepArray)).warnings).toEqual([
      "Skipped 1 value nested more than 64 levels deep: a.",
    ]);
    const ok = `${'{"a":'.repeat(64)}"x"${"}".repeat(64)}`;
    expect((await entriesOf(ok))[0]?.key).toBe(Array(64).fill("a").join("."));
  });
});

describe("json serialize", () => {
  const entries: TranslationEntry[] = [
    { key: "app.title", value: "Sprog" },
    { key: "files", plurals: { one: "{{count}} file", other: "{{count}} files" }, pluralVariable: "count" },
    { key: "app.menu.open", value: "Open" },
  ];

  it("writes nested, pretty JSON with i18next plural keys", async () => {
    const file = await serialize("de", entries);
    expect(file.path).toBe("de.json");
    expect(text(file.bytes)).toBe(
      [
        "{",
        '  "app": {',
        '    "title": "Sprog",',
        '    "menu": {',
        '      "open": "Open"',
        "    }",
        "  },",
        '  "files_one": "{{count}} file",',
        '  "files_other": "{{count}} files"',
        "}",
        "",
      ].join("\n"),
    );
  });

  it("writes flat compact JSON with ICU plurals", async () => {
    const file = await serialize("de", entries, { nested: false, pretty: false, flattenPlurals: false });
    expect(text(file.bytes)).toBe(
      '{"app.title":"Sprog","files":"{count, plural, one {\'{{\'count\'}}\' file} other {\'{{\'count\'}}\' files}}","app.menu.open":"Open"}',
    );
  });

  it("keeps a key that is both a value and a prefix (a, a.b, a.b.c)", async () => {
    const conflict: TranslationEntry[] = [
      { key: "a.b", value: "AB" },
      { key: "a", value: "A" },
      { key: "a.b.c", value: "ABC" },
      { key: "a.x.y", value: "AXY" },
      { key: "z", value: "Z" },
    ];
    const file = await serialize("en", conflict, { pretty: false });
    expect(text(file.bytes)).toBe('{"a.b":"AB","a":"A","a.b.c":"ABC","a.x.y":"AXY","z":"Z"}');
    expect(await entriesOf(file.bytes)).toEqual(conflict);
    const deeper: TranslationEntry[] = [
      { key: "m.a", value: "1" },
      { key: "m.a.b", value: "2" },
      { key: "m.c", value: "3" },
    ];
    const nested = await serialize("en", deeper, { pretty: false });
    expect(text(nested.bytes)).toBe('{"m":{"a":"1","a.b":"2","c":"3"}}');
    expect(await entriesOf(nested.bytes)).toEqual(deeper);
  });

  it("writes map order even for numeric-looking segments", async () => {
    const order: TranslationEntry[] = [
      { key: "errors.x", value: "x" },
      { key: "errors.404", value: "Not found" },
      { key: "errors.10", value: "ten" },
    ];
    const file = await serialize("en", order, { pretty: false });
    expect(text(file.bytes)).toBe('{"errors":{"x":"x","404":"Not found","10":"ten"}}');
    // JSON.parse itself puts integer-like names first; the keys and values come back.
    const byKey = (a: TranslationEntry, b: TranslationEntry) => a.key.localeCompare(b.key);
    expect((await entriesOf(file.bytes)).sort(byKey)).toEqual([...order].sort(byKey));
  });

  it("falls back to ICU when an i18next plural key is taken by another entry", async () => {
    const taken: TranslationEntry[] = [
      { key: "n_one", value: "taken" },
      { key: "n", plurals: { one: "a", other: "b" } },
    ];
    const file = await serialize("en", taken, { nested: false, pretty: false });
    expect(text(file.bytes)).toBe('{"n_one":"taken","n":"{count, plural, one {a} other {b}}"}');
  });

  it("writes one file per language", async () => {
    const files = await jsonFormat.serialize(
      { en: [{ key: "a", value: "A" }], de: [{ key: "a", value: "Ä" }] },
      out(),
    );
    expect(files.map((file) => file.path)).toEqual(["en.json", "de.json"]);
  });
});
