import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvFormat } from "./csv.ts";
import { jsonFormat } from "./json.ts";
import type { SerializeOptions, TranslationEntry } from "./types.ts";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const UMAMI = "json-flat/umami/src/lang";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(data);
const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "de") {
  return csvFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

async function serialize(languages: Record<string, TranslationEntry[]>) {
  const [file] = await csvFormat.serialize(languages, out);
  if (file === undefined) throw new Error("no file");
  return file;
}

describe("csv parse", () => {
  it("reads key, language columns and a comment column", async () => {
    const result = await parse("key,en,de,comment\napp.save,Save,Speichern,Button\napp.open,Open,,\n");
    expect(result.languages).toEqual({
      en: [
        { key: "app.save", value: "Save", comment: "Button" },
        { key: "app.open", value: "Open" },
      ],
      de: [{ key: "app.save", value: "Speichern", comment: "Button" }],
    });
    expect(result.warnings).toEqual([]);
  });

  it("handles a BOM, CRLF, quotes, separators and line breaks in cells", async () => {
    const csv = '\uFEFFkey,en\r\n"a,b","He said ""hi"""\r\nmulti,"line 1\r\nline 2"\r\n';
    expect((await parse(csv)).languages.en).toEqual([
      { key: "a,b", value: 'He said "hi"' },
      { key: "multi", value: "line 1\r\nline 2" },
    ]);
  });

  it("guesses ; and tab separators", async () => {
    expect((await parse("key;en;de\na;A;Ä\n")).languages).toEqual({
      en: [{ key: "a", value: "A" }],
      de: [{ key: "a", value: "Ä" }],
    });
    expect((await parse("key\ten\na\tA, with comma\n")).languages.en).toEqual([
      { key: "a", value: "A, with comma" },
    ]);
  });

  it("maps language codes and names, `value` to options.language, and ignores other columns", async () => {
    const result = await parse("Key,pt_BR,iw,German,value,notes,status\nk,a,b,c,d,e,f\n", "fr");
    expect(Object.keys(result.languages)).toEqual(["pt-BR", "he", "de", "fr"]);
    expect(result.languages.fr).toEqual([{ key: "k", value: "d", comment: "e" }]);
    expect(result.warnings).toEqual(["Ignored 1 column that name no language: “status”."]);
  });

  it("warns about rows with a different number of cells than the header", async () => {
    const result = await parse("key,en,de\na,A\nb,B,Bb,extra\nc,C,Cc\n");
    expect(result.languages).toEqual({
      en: [
        { key: "a", value: "A" },
        { key: "b", value: "B", meta: { extraCells: ["extra"] } },
        { key: "c", value: "C" },
      ],
      de: [
        { key: "b", value: "Bb", meta: { extraCells: ["extra"] } },
        { key: "c", value: "Cc" },
      ],
    });
    expect(result.warnings).toEqual([
      "2 rows have a different number of cells than the header (3): row 2, 3. Missing cells were read as empty; extra cells are kept with their row and written back by a CSV or Excel export.",
    ]);
  });

  it("skips numeric-only, empty and duplicate keys and rows without text", async () => {
    const result = await parse("key,en\n42,x\n,y\na,A\na,again\nb,\n");
    expect(result.languages.en).toEqual([{ key: "a", value: "A" }]);
    expect(result.warnings).toEqual([
      "1 key has no text in any language column and was skipped.",
      "Skipped 1 key made only of digits: 42.",
      "Skipped 1 value with an empty key: row 3.",
      "Skipped 1 key that appears twice (the first value was kept): a.",
    ]);
  });

  it("refuses files without a key column or language columns, empty files and binary data", async () => {
    await expect(parse("label,en\na,b\n")).rejects.toThrow(
      /no “key” column. Its columns are “label” and “en”/,
    );
    await expect(parse("key,foo bar\na,b\n")).rejects.toThrow(/no language columns/);
    await expect(parse("")).rejects.toThrow("This CSV file is empty.");
    await expect(parse("\n\n")).rejects.toThrow("This CSV file is empty.");
    await expect(parse(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 8, 0]))).rejects.toThrow(/binary data/);
  });

  it("refuses an unterminated quote (truncated file)", async () => {
    await expect(parse('key,en\na,"never closed\nb,B\n')).rejects.toThrow(/quoted cell is not closed/);
  });

  it("reads UTF-16 with a BOM and falls back to Windows-1252 with a warning", async () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[..."key,de\na,Grüße\n"].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    expect((await parse(utf16)).languages.de).toEqual([{ key: "a", value: "Grüße" }]);
    const cp1252 = new Uint8Array([...bytes("key,de\na,Gr"), 0xfc, 0xdf, 0x65, 0x0a]);
    const result = await parse(cp1252);
    expect(result.languages.de).toEqual([{ key: "a", value: "Grüße" }]);
    expect(result.warnings[0]).toMatch(/read as Windows-1252/);
  });
});

describe("csv serialize", () => {
  it("writes one translations.csv: key, source first, other languages, comment", async () => {
    const file = await serialize({
      de: [{ key: "b", value: "Bee" }],
      en: [
        { key: "a", value: "A, with comma", comment: "Note" },
        { key: "b", value: 'Say "b"' },
        { key: "n", plurals: { one: "# file", other: "# files" } },
      ],
    });
    expect(file.path).toBe("translations.csv");
    expect(text(file.bytes)).toBe(
      '\uFEFFkey,en,de,comment\r\na,"A, with comma",,Note\r\nb,"Say ""b""",Bee,\r\nn,"{count, plural, one {# file} other {# files}}",,\r\n',
    );
  });

  it("round-trips all umami languages through one CSV (Papa reads it back too)", async () => {
    const languages: Record<string, TranslationEntry[]> = {};
    for (const name of readdirSync(join(CORPUS, UMAMI))) {
      const language = name.slice(0, 2);
      const parsed = await jsonFormat.parse(new Uint8Array(readFileSync(join(CORPUS, UMAMI, name))), {
        language,
        sourceLanguage: "en",
      });
      languages[language] = (parsed.languages[language] ?? []).filter((entry) => entry.value !== "");
    }
    const file = await serialize(languages);
    const again = await parse(file.bytes);
    expect(Object.keys(again.languages)).toEqual(["en", "ar", "de", "he", "ja", "ru"]);
    for (const [language, entries] of Object.entries(languages)) {
      const byKey = (a: TranslationEntry, b: TranslationEntry) => a.key.localeCompare(b.key);
      expect([...(again.languages[language] ?? [])].sort(byKey)).toEqual([...entries].sort(byKey));
    }
    expect(again.warnings).toEqual([]);
    const table = Papa.parse<string[]>(text(file.bytes).slice(1), { skipEmptyLines: true }).data;
    expect(table.length).toBe(338);
  });

  it("any non-empty values survive parse(serialize(…)) (fast-check)", async () => {
    // Any text but NUL, which marks a file as binary.
    const value = fc
      .string({ unit: "binary", minLength: 1, maxLength: 20 })
      .filter((v) => !v.includes("\u0000"));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 6 }), async (rows) => {
        const en = rows.map(([v], i) => ({ key: `k${i}`, value: v }));
        const de = rows.map(([, v], i) => ({ key: `k${i}`, value: v }));
        const file = await serialize({ en, de });
        expect((await parse(file.bytes)).languages).toEqual({ en, de });
      }),
      { numRuns: 200 },
    );
  });
});
