// Round trips of JSON (DESIGN §9): parse → serialize → parse keeps keys, values, empty strings,
// value types and order, and i18next reads the export as it reads the file.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { jsonFormat } from "./json.ts";
import type { SerializeOptions, TranslationEntry } from "./types.ts";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const out = (extra: Partial<SerializeOptions> = {}): SerializeOptions => ({
  sourceLanguage: "en",
  pretty: true,
  nested: true,
  flattenPlurals: true,
  ...extra,
});

async function entriesOf(input: string | Uint8Array, language = "en") {
  const data = typeof input === "string" ? bytes(input) : input;
  return (await jsonFormat.parse(data, { language, sourceLanguage: "en" })).languages[language] ?? [];
}

async function write(language: string, entries: TranslationEntry[], extra: Partial<SerializeOptions> = {}) {
  const [file] = await jsonFormat.serialize({ [language]: entries }, out(extra));
  if (file === undefined) throw new Error("no file");
  return text(file.bytes);
}

/** Every object's keys in order, recursively, so deep equality also checks order. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).map(([key, child]) => [key, keyOrder(child)]);
  }
  return value;
}

/** The dotted paths of an object's string leaves. */
function stringPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return typeof child === "string" ? [path] : stringPaths(child, path);
  });
}

describe("json round trip: fixtures", () => {
  it('keeps "" values, file order and non-string values, nested and flat', async () => {
    const source =
      '{"z":"Z","d":"","nav":{"b":"B","a":""},"n":3,"ok":false,"list":["x",null,1],"none":null,"a":"A"}';
    const entries = await entriesOf(source);
    expect(entries.map((entry) => entry.key)).toEqual([
      "z",
      "d",
      "nav.b",
      "nav.a",
      "n",
      "ok",
      "list",
      "none",
      "a",
    ]);
    expect(entries[1]).toEqual({ key: "d", value: "" });
    expect(entries[6]).toEqual({ key: "list", value: '["x",null,1]', valueType: "json" });
    const nested = await write("en", entries, { pretty: false });
    expect(nested).toBe(source);
    expect(await entriesOf(nested)).toEqual(entries);
    const flat = await write("en", entries, { nested: false, pretty: false });
    expect(JSON.parse(flat)).toEqual({ ...JSON.parse(source), nav: undefined, "nav.b": "B", "nav.a": "" });
    expect(await entriesOf(flat)).toEqual(entries);
    const pretty = await write("en", entries);
    expect(pretty).toContain('"list": [\n    "x",\n    null,\n    1\n  ],');
    expect(await entriesOf(pretty)).toEqual(entries);
  });

  it("writes nested objects where their first key was, not sorted", async () => {
    const entries: TranslationEntry[] = [
      { key: "zeta.b", value: "1" },
      { key: "alpha", value: "2" },
      { key: "zeta.a", value: "3" },
    ];
    expect(await write("en", entries, { pretty: false })).toBe('{"zeta":{"b":"1","a":"3"},"alpha":"2"}');
  });

  it("keeps excalidraw-style _one/_many keys that are not plurals as they are", async () => {
    const source = '{"labels":{"arrowhead_crowfoot_one":"One","arrowhead_crowfoot_many":"Many","x":"X"}}';
    const entries = await entriesOf(source);
    expect(entries.every((entry) => entry.plurals === undefined)).toBe(true);
    expect(await write("en", entries, { pretty: false })).toBe(source);
  });
});

const UMAMI = "json-flat/umami/src/lang";
const NESTED = [
  { path: "json-nested/excalidraw/packages/excalidraw/locales/en.json", language: "en" },
  { path: "json-nested/excalidraw/packages/excalidraw/locales/ru-RU.json", language: "ru" },
  { path: "json-nested/excalidraw/packages/excalidraw/locales/ar-SA.json", language: "ar" },
  { path: "json-nested/frigate/web/public/locales/en/common.json", language: "en" },
  { path: "json-nested/frigate/web/public/locales/ru/common.json", language: "ru" },
  { path: "json-nested/frigate/web/public/locales/ar/common.json", language: "ar" },
];

describe("json round trip: corpus", () => {
  for (const name of ["en-US.json", "de-DE.json", "ru-RU.json", "ar-SA.json"]) {
    it(`umami ${name} (flat): the export parses to the same object, in the same order`, async () => {
      const original = readFileSync(join(CORPUS, UMAMI, name), "utf8");
      const exported = await write("xx", await entriesOf(original, "xx"), {
        nested: false,
        flattenPlurals: false,
      });
      expect(JSON.parse(exported)).toEqual(JSON.parse(original));
      expect(keyOrder(JSON.parse(exported))).toEqual(keyOrder(JSON.parse(original)));
    });
  }

  for (const { path, language } of NESTED) {
    it(`${path} (nested): same object and order, and i18next gives the same t(key) for every key`, async () => {
      const original = JSON.parse(readFileSync(join(CORPUS, path), "utf8")) as Record<string, unknown>;
      const entries = await entriesOf(JSON.stringify(original), language);
      const exported = JSON.parse(await write(language, entries)) as Record<string, unknown>;
      expect(exported).toEqual(original);
      expect(keyOrder(exported)).toEqual(keyOrder(original));
      const load = async (resources: Record<string, unknown>) => {
        const instance = i18next.createInstance();
        await instance.init({
          lng: language,
          fallbackLng: false,
          initAsync: false,
          resources: { [language]: { translation: resources } },
        });
        return instance;
      };
      const before = await load(original);
      const after = await load(exported);
      const keys = stringPaths(original);
      expect(keys.length).toBeGreaterThan(10);
      for (const key of keys) {
        expect(after.t(key, { count: 1 }), key).toBe(before.t(key, { count: 1 }));
        expect(after.t(key, { count: 5 }), key).toBe(before.t(key, { count: 5 }));
      }
    });
  }
});

const tricky = fc.string({
  unit: fc.constantFrom("a", "Z", " ", "'", '"', "{", "}", "\n", "\t", "\\", "ä", "🙂", "#", "_", "."),
  maxLength: 20,
});
const jsonValue = fc.oneof(
  fc.integer().map(String),
  fc.boolean().map(String),
  fc.constant("null"),
  fc
    .array(fc.oneof(fc.string(), fc.constant(null), fc.integer()), { maxLength: 4 })
    .map((list) => JSON.stringify(list)),
);

/** Keys with dots, none a prefix of another (those are written flat next to each other), no plural suffixes. */
const keysArbitrary = fc
  .uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,3}(\.[a-z][a-z0-9]{0,3}){0,2}$/), {
    minLength: 1,
    maxLength: 10,
  })
  .map((keys) => keys.filter((key) => !keys.some((other) => other.startsWith(`${key}.`))));

/** The order a nested write gives: each object where its first key was. */
function nestedOrder(entries: TranslationEntry[]): TranslationEntry[] {
  const firstIndex = (prefix: string) =>
    entries.findIndex((entry) => entry.key === prefix || entry.key.startsWith(`${prefix}.`));
  const rank = (key: string) =>
    key.split(".").map((_, i, parts) => firstIndex(parts.slice(0, i + 1).join(".")));
  const compare = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++)
      if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
    return a.length - b.length;
  };
  return [...entries].sort((a, b) => compare(rank(a.key), rank(b.key)));
}

describe("json round trip: property", () => {
  it("random keys and values (empty, quotes, newlines, braces, JSON values) survive, flat and nested", async () => {
    await fc.assert(
      fc.asyncProperty(
        keysArbitrary.chain((keys) =>
          fc.tuple(
            fc.constant(keys),
            fc.array(
              fc.oneof(
                tricky.map((value) => ({ value })),
                jsonValue.map((value) => ({ value, json: true })),
              ),
              {
                minLength: keys.length,
                maxLength: keys.length,
              },
            ),
          ),
        ),
        fc.boolean(),
        async ([keys, values], pretty) => {
          const entries: TranslationEntry[] = keys.map((key, i) => {
            const value = values[i] ?? { value: "" };
            return "json" in value
              ? { key, value: value.value, valueType: "json" }
              : { key, value: value.value };
          });
          expect(await entriesOf(await write("en", entries, { nested: false, pretty }))).toEqual(entries);
          expect(await entriesOf(await write("en", entries, { nested: true, pretty }))).toEqual(
            nestedOrder(entries),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
