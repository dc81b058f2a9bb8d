import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { jsonFormat } from "./json.ts";
import type { SerializeOptions, TranslationEntry } from "./types.ts";
import { xlsxFormat } from "./xlsx.ts";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const UMAMI = "json-flat/umami/src/lang";
const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(data: Uint8Array, language = "de") {
  return xlsxFormat.parse(data, { language, sourceLanguage: "en" });
}

async function serialize(languages: Record<string, TranslationEntry[]>) {
  const [file] = await xlsxFormat.serialize(languages, out);
  if (file === undefined) throw new Error("no file");
  return file;
}

/** A workbook built with exceljs directly, as a spreadsheet program would write it. */
async function workbook(rows: ExcelJS.CellValue[][], extraSheet = false): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Strings");
  for (const row of rows) sheet.addRow(row);
  if (extraSheet) book.addWorksheet("Other").addRow(["x"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("xlsx", () => {
  it("writes translations.xlsx and reads it back (umami, 6 languages)", async () => {
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
    expect(file.path).toBe("translations.xlsx");
    expect(Object.keys(unzipSync(file.bytes))).toContain("xl/worksheets/sheet1.xml");
    const again = await parse(file.bytes);
    expect(again.warnings).toEqual([]);
    expect(Object.keys(again.languages)).toEqual(["en", "ar", "de", "he", "ja", "ru"]);
    const byKey = (a: TranslationEntry, b: TranslationEntry) => a.key.localeCompare(b.key);
    for (const [language, entries] of Object.entries(languages)) {
      expect([...(again.languages[language] ?? [])].sort(byKey)).toEqual([...entries].sort(byKey));
    }
  });

  it("keeps formula-looking values, line breaks and comments as text", async () => {
    const entries: TranslationEntry[] = [
      { key: "sum", value: "=SUM(A1:A3)", comment: "not a formula" },
      { key: "lines", value: "one\ntwo" },
      { key: "plural", plurals: { one: "# file", other: "# files" } },
    ];
    const file = await serialize({ en: entries });
    const again = await parse(file.bytes);
    expect(again.languages.en).toEqual([
      { key: "sum", value: "=SUM(A1:A3)", comment: "not a formula" },
      { key: "lines", value: "one\ntwo" },
      { key: "plural", value: "{count, plural, one {# file} other {# files}}" },
    ]);
  });

  it("keeps carriage returns: CRLF and lone CR at the start, middle and end (issue 32)", async () => {
    const values = [
      "\r=1+1",
      "\r\n=1+1",
      "one\r\ntwo",
      "one\rtwo",
      "one\n\rtwo",
      "\r\nstart",
      "\rstart",
      "end\r\n",
      "end\r",
      "\r",
      "\r\n",
      "\r\r\n\n\r",
    ];
    const entries = values.map((value, i) => ({ key: `k${i}`, value, comment: `${value}!` }));
    const file = await serialize({ en: entries });
    const shared = strFromU8(unzipSync(file.bytes)["xl/sharedStrings.xml"] ?? new Uint8Array());
    // A raw CR in XML text is read back as LF by every XML parser; Excel itself writes _x000D_.
    expect(shared).not.toContain("\r");
    expect(shared).toContain("<t>_x000D_=1+1</t>");
    expect((await parse(file.bytes, "en")).languages.en).toEqual(entries);
  });

  it("keeps the characters XML 1.0 cannot hold, and text that looks like their escapes", async () => {
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join("");
    const values = [
      `a${controls}b`,
      "\u007f\u0080\u009f",
      "\ufffe\uffff",
      "lone \ud800 high",
      "lone \udfff low",
      "reversed \udc00\ud800 pair",
      "emoji 🙂 stays a pair",
      "_x000D_",
      "_x000d_",
      "_x005F_x000D_",
      "a_x0041_b_x00e9_c",
      "_x12345_ _xGGGG_ _x41_",
    ];
    const entries = values.map((value, i) => ({ key: `k${i}`, value }));
    const file = await serialize({ en: entries });
    const shared = strFromU8(unzipSync(file.bytes)["xl/sharedStrings.xml"] ?? new Uint8Array());
    // biome-ignore lint/suspicious/noControlCharactersInRegex: of the C0 controls only tab and LF may be left as they are
    expect(shared).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]/);
    const again = await parse(file.bytes, "en");
    expect(again.warnings).toEqual([]);
    expect(again.languages.en).toEqual(entries);
  });

  it("property: strings of CRs, controls, surrogates and escape-like text read back as written", async () => {
    // Units that build `_xHHHH_` look-alikes (`_x000D_`, `_x005F_x000D_`, `__x00AD__`) next to the
    // characters that get escaped, so escapes and text that merely looks like one meet often.
    const unit = fc.constantFrom(
      ..."_x0DdF5A_ \r\n\t",
      "_x000D_",
      "_x005F_",
      "\u0000",
      "\u001f",
      "\u007f",
      "\ufffe",
      "\ud800",
      "\udc00",
      "🙂",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit, minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 30 }),
        async (values) => {
          const entries = values.map((value, i) => ({ key: `k${i}`, value }));
          const again = await parse((await serialize({ en: entries })).bytes, "en");
          expect(again.languages.en).toEqual(entries);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("reads _xHHHH_ escapes from other workbooks as the character (how Excel stores a CR)", async () => {
    const data = await workbook([
      ["key", "en"],
      ["cr", "a_x000D_b"],
      ["literal", "_x005F_x000D_"],
    ]);
    expect((await parse(data, "en")).languages.en).toEqual([
      { key: "cr", value: "a\rb" },
      { key: "literal", value: "_x000D_" },
    ]);
  });

  it("reads rich text, numbers, hyperlinks and formulas from other workbooks", async () => {
    const data = await workbook(
      [
        ["Key", "en", "de"],
        ["rich", { richText: [{ text: "Bold", font: { bold: true } }, { text: " text" }] }, "Fett"],
        ["number", 42, 3.5],
        ["link", { text: "Docs", hyperlink: "https://example.com" }, "Doku"],
        ["formula", { formula: 'CONCAT("a","b")', result: "ab" }, true],
        [],
        ["after-gap", "x", "y"],
      ],
      true,
    );
    const result = await parse(data);
    expect(result.languages).toEqual({
      en: [
        { key: "rich", value: "Bold text" },
        { key: "number", value: "42" },
        { key: "link", value: "Docs" },
        { key: "formula", value: "ab" },
        { key: "after-gap", value: "x" },
      ],
      de: [
        { key: "rich", value: "Fett" },
        { key: "number", value: "3.5" },
        { key: "link", value: "Doku" },
        { key: "formula", value: "true" },
        { key: "after-gap", value: "y" },
      ],
    });
    expect(result.warnings).toEqual([
      "1 cell holds a formula; its last computed value was read.",
      "Only the first worksheet (“Strings”) was read; the workbook has 2.",
    ]);
  });

  it("warns about ragged rows like CSV", async () => {
    const result = await parse(
      await workbook([
        ["key", "en", "de"],
        ["a", "A"],
        ["b", "B", "Bb"],
      ]),
    );
    expect(result.languages.de).toEqual([{ key: "b", value: "Bb" }]);
    expect(result.warnings[0]).toMatch(
      /^1 row has a different number of cells than the header \(3\): row 2\./,
    );
  });

  it("refuses old .xls workbooks with advice to save as .xlsx", async () => {
    const xls = new Uint8Array(512);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(parse(xls)).rejects.toThrow(
      /old Excel workbook \(\.xls\).*save it as Excel Workbook \(\.xlsx\)/,
    );
  });

  it("refuses files that are not workbooks, truncated workbooks and zips without a sheet", async () => {
    await expect(parse(new TextEncoder().encode("key,en\na,b\n"))).rejects.toThrow(/not an Excel workbook/);
    await expect(parse(new Uint8Array([0, 1, 2, 3, 255]))).rejects.toThrow(/not an Excel workbook/);
    const file = await serialize({ en: [{ key: "a", value: "A" }] });
    await expect(parse(file.bytes.subarray(0, Math.floor(file.bytes.length / 2)))).rejects.toThrow(
      /damaged or truncated|cannot be read/,
    );
    const notExcel = zipSync({ "hello.txt": strToU8("hello") });
    await expect(parse(notExcel)).rejects.toThrow(/cannot be read|no worksheet/);
  });

  it("refuses a workbook without a key column", async () => {
    await expect(
      parse(
        await workbook([
          ["id?", "en"],
          ["a", "b"],
        ]),
      ),
    ).rejects.toThrow(/no “key” column/);
  });
});
