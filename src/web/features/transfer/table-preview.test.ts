import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { xlsxFormat } from "../../../shared/formats/xlsx.ts";
import { readTablePreview } from "./table-preview.ts";

const blob = (data: Uint8Array | string) =>
  new Blob([typeof data === "string" ? data : new Uint8Array(data)]);

async function workbook(rows: ExcelJS.CellValue[][], build?: (book: ExcelJS.Workbook) => void) {
  const book = new ExcelJS.Workbook();
  build?.(book);
  const sheet = book.addWorksheet("Strings");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("readTablePreview", () => {
  it("reads a CSV file's header and first row", async () => {
    expect(
      await readTablePreview(blob("\uFEFFstring_id;English;Deutsch\r\napp.save;Save;Speichern\r\n"), "csv"),
    ).toEqual({ header: ["string_id", "English", "Deutsch"], sample: ["app.save", "Save", "Speichern"] });
  });

  it("reads only the start of a large CSV file, cut at a line break", async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `key.${i},Grüße ${i},Größe ${i}`).join("\n");
    const preview = await readTablePreview(blob(`Schlüssel,Deutsch,Österreich\n${rows}\n`), "csv");
    expect(preview).toEqual({
      header: ["Schlüssel", "Deutsch", "Österreich"],
      sample: ["key.0", "Grüße 0", "Größe 0"],
    });
  });

  it("reads the first worksheet of an Excel workbook: shared strings, numbers, rich text, gaps", async () => {
    const data = await workbook(
      [
        [],
        [
          "Identifier",
          { richText: [{ text: "Eng" }, { font: { bold: true }, text: "lish" }] },
          null,
          "Notes & <more>",
          2024,
          true,
        ],
        ["# a comment row"],
        ["app.save", "Save", "x", "Button", 1.5, false],
      ],
      (book) => {
        // A sheet added first is the first, whatever the order of its name: the parser reads worksheets[0].
        book.addWorksheet("First").addRow(["key", "en"]);
      },
    );
    expect(await readTablePreview(blob(data), "xlsx")).toEqual({
      header: ["key", "en"],
      sample: [],
    });
    const only = await workbook([
      [],
      ["Identifier", { richText: [{ text: "Eng" }, { text: "lish" }] }, null, "Notes & <more>", 2024, true],
      ["# a comment row"],
      ["app.save", "Save", "x", "Button", 1.5, false],
    ]);
    expect(await readTablePreview(blob(only), "xlsx")).toEqual({
      header: ["Identifier", "English", "", "Notes & <more>", "2024", "true"],
      sample: ["app.save", "Save", "x", "Button", "1.5", "false"],
    });
  });

  it("reads the workbooks Sprog exports", async () => {
    const [file] = await xlsxFormat.serialize(
      { en: [{ key: "a_x000D_", value: "A\r" }], de: [{ key: "a_x000D_", value: "Ä" }] },
      {
        sourceLanguage: "en",
        pretty: true,
        nested: false,
        flattenPlurals: false,
        fileMeta: { en: { columnNames: { key: "string_id", en: "English", de: "Deutsch" } } },
      },
    );
    expect(await readTablePreview(blob(file?.bytes ?? new Uint8Array()), "xlsx")).toEqual({
      header: ["string_id", "English", "Deutsch"],
      sample: ["a_x000D_", "A\r", "Ä"],
    });
  });

  it("reads inline strings and namespace prefixes, as other programs write them", async () => {
    const sheet = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
      <x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:t>English</x:t></x:is></x:c><x:c r="A1" t="inlineStr"><x:is><x:t xml:space="preserve"> key </x:t></x:is></x:c></x:row>
      <x:row r="2"><x:c r="A2" t="str"><x:f>"a"</x:f><x:v>a</x:v></x:c><x:c r="C2" t="inlineStr"><x:is><x:t>&#x263A;</x:t></x:is></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const data = zipSync({ "xl/worksheets/sheet1.xml": strToU8(sheet) });
    expect(await readTablePreview(blob(data), "xlsx")).toEqual({
      header: ["key", "English"],
      sample: ["a", "", "☺"],
    });
  });

  it("gives up on what it cannot read: the server decides then", async () => {
    expect(await readTablePreview(blob(""), "csv")).toBeUndefined();
    expect(await readTablePreview(blob("key,en\n"), "xlsx")).toBeUndefined();
    expect(
      await readTablePreview(blob(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), "xlsx"),
    ).toBeUndefined();
    expect(await readTablePreview(blob(zipSync({ "hello.txt": strToU8("hi") })), "xlsx")).toBeUndefined();
  });
});
