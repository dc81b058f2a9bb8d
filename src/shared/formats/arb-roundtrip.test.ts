// Round trips of ARB (DESIGN §9): the `@key` blocks and `@@` attributes come back where they were.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbFormat } from "./arb.ts";
import type { FormatMeta, ParsedFile, SerializeOptions, TranslationEntry } from "./types.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "en"): Promise<ParsedFile> {
  return arbFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

async function write(language: string, entries: TranslationEntry[], fileMeta?: Record<string, FormatMeta>) {
  const [file] = await arbFormat.serialize(
    { [language]: entries },
    { ...out, ...(fileMeta === undefined ? {} : { fileMeta }) },
  );
  if (file === undefined) throw new Error("no file");
  return text(file.bytes);
}

const source = {
  "@@locale": "de",
  "@@last_modified": "2024-05-01T10:00:00Z",
  "@@x-template": "app_en.arb",
  zTitle: "Titel",
  "@zTitle": { description: "The app title", context: "home screen", type: "text" },
  empty: "",
  nFiles: "{count, plural, one{1 Datei} other{{count} Dateien}}",
  "@nFiles": {
    description: "Files in the folder",
    placeholders: {
      count: { type: "int", format: "compact", example: "3", optionalParameters: { decimalDigits: 0 } },
    },
  },
  bare: "Ohne Block",
  "@bare": {},
  aLast: "Zuletzt",
};

describe("arb round trip: fixtures", () => {
  it("keeps @key blocks (description, context, placeholders, type), @@ attributes, empty values and order", async () => {
    const first = await parse(JSON.stringify(source), "de");
    expect(first.languages.de).toEqual([
      {
        key: "zTitle",
        value: "Titel",
        comment: "The app title",
        context: "home screen",
        meta: { type: "text" },
      },
      { key: "empty", value: "" },
      {
        key: "nFiles",
        value: source.nFiles,
        comment: "Files in the folder",
        meta: { placeholders: source["@nFiles"].placeholders },
      },
      { key: "bare", value: "Ohne Block", meta: {} },
      { key: "aLast", value: "Zuletzt" },
    ]);
    expect(first.fileMeta).toEqual({
      de: { "@@last_modified": "2024-05-01T10:00:00Z", "@@x-template": "app_en.arb", keyBlocks: true },
    });
    const written = await write("de", first.languages.de ?? [], first.fileMeta);
    const parsed = JSON.parse(written) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(Object.keys(source));
    expect(parsed).toEqual({
      ...source,
      "@zTitle": { description: "The app title", type: "text", context: "home screen" },
    });
    const again = await parse(written, "de");
    expect(again.languages).toEqual(first.languages);
    expect(again.fileMeta).toEqual(first.fileMeta);
  });

  it("writes @@locale for the exported language, not the one in fileMeta", async () => {
    const written = await write("pt-BR", [{ key: "a", value: "A" }], {
      "pt-BR": { "@@locale": "de", "@@x": 1 },
    });
    expect(JSON.parse(written)).toEqual({ "@@locale": "pt_BR", "@@x": 1, a: "A" });
  });
});

const tricky = fc.string({
  unit: fc.constantFrom("a", "Z", " ", "'", '"', "{", "}", "\n", "\t", "\\", "ä", "🙂", "#", "@"),
  maxLength: 20,
});
const placeholderMeta = fc.record({
  placeholders: fc.dictionary(
    fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,5}$/),
    fc.record(
      {
        type: fc.constantFrom("String", "int", "num", "DateTime"),
        example: tricky,
        format: fc.constantFrom("compact", "yMd"),
      },
      { requiredKeys: ["type"] },
    ),
    { maxKeys: 3 },
  ),
});

describe("arb round trip: property", () => {
  it("random keys, values, descriptions, context and placeholder blocks survive serialize → parse", async () => {
    const entry = fc.record(
      { value: tricky, comment: tricky, context: tricky, meta: placeholderMeta },
      { requiredKeys: ["value"] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,8}$/), entry), {
          selector: ([key]) => key,
          minLength: 1,
          maxLength: 8,
        }),
        async (items) => {
          const entries: TranslationEntry[] = items.map(([key, rest]) => ({ key, ...rest }));
          // A block is written for a description or context alone; it reads back with `meta: {}`.
          const expected = entries.map((entry) =>
            (entry.comment !== undefined || entry.context !== undefined) && entry.meta === undefined
              ? { ...entry, meta: {} }
              : entry,
          );
          const again = await parse(await write("en", entries), "en");
          expect(again.languages.en).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});
