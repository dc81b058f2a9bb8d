// Which column of an Excel table is what (issue 33, point 5): the same rules as CSV (parseTable, table-rows.ts).
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { ParseOptions } from "./types.ts";
import { xlsxFormat } from "./xlsx.ts";

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Strings");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const parse = (data: Uint8Array, columns?: ParseOptions["columns"]) =>
  xlsxFormat.parse(data, { language: "en", sourceLanguage: "en", ...(columns ? { columns } : {}) });

describe("xlsx columns", () => {
  const rows = [
    ["Identifier", "Source text", "Übersetzung", "Remarks"],
    ["app.save", "Save", "Speichern", "Button"],
  ];

  it("guesses a widened key column name", async () => {
    const parsed = await parse(
      await workbook([
        ["ID", "English", "Deutsch"],
        ["app.save", "Save", "Speichern"],
      ]),
    );
    expect(parsed.languages).toEqual({
      en: [{ key: "app.save", value: "Save" }],
      de: [{ key: "app.save", value: "Speichern" }],
    });
  });

  it("refuses a table whose columns it cannot tell, naming them", async () => {
    await expect(
      parse(
        await workbook([
          ["Ref", "en"],
          ["a", "b"],
        ]),
      ),
    ).rejects.toThrow(
      "This Excel file has no “key” column. Its columns are “Ref” and “en”: choose the one that holds the keys under “Columns” in the import dialog, or name it “key”.",
    );
  });

  it("reads the columns the mapping names", async () => {
    const parsed = await parse(await workbook(rows), {
      key: "Identifier",
      languages: { "1": "en", "2": "de" },
      description: 3,
    });
    expect(parsed.languages).toEqual({
      en: [{ key: "app.save", value: "Save", comment: "Button" }],
      de: [{ key: "app.save", value: "Speichern", comment: "Button" }],
    });
    expect(parsed.warnings).toEqual([]);
    expect(parsed.fileMeta).toEqual({
      en: { columnNames: { key: "Identifier", en: "Source text", de: "Übersetzung", comment: "Remarks" } },
    });
  });

  it("refuses a mapping outside the sheet's header", async () => {
    await expect(parse(await workbook(rows), { key: 4, languages: { "1": "en" } })).rejects.toThrow(
      "The column mapping names column index 4, but this Excel file has 4 columns (index 0 to 3)",
    );
  });
});
