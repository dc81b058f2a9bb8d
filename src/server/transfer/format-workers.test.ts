import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import type { ExportRow } from "./export-entries.ts";
import type { ExportInput } from "./format-jobs.ts";
import { createFormatWorkers } from "./format-workers.ts";

const formats = createFormatWorkers(1);
afterAll(() => formats.close());

const rows = (count: number): ExportRow[] =>
  Array.from({ length: count }, (_, i) => ({
    key: `section.key_${i}`,
    description: null,
    context: null,
    translatable: true,
    max_length: null,
    tags: [],
    value_type: null,
    meta: null,
    values: JSON.stringify({ en: `English text number ${i}`, de: `Deutscher Text Nummer ${i}` }),
    states: null,
  }));

const xlsx: ExportInput = {
  sourceLanguage: "en",
  languages: ["en", "de"],
  placeholderFormat: null,
  format: "xlsx",
  pretty: false,
  nested: false,
  flattenPlurals: false,
  fileMeta: {},
  zip: false,
};

describe("format workers", () => {
  it("serialize a big workbook while the server's event loop keeps turning", async () => {
    await formats.exportFiles(rows(10), xlsx); // the worker's start is not the point here
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    let ticksWhileRunning = 0;
    try {
      const output = await formats.exportFiles(rows(20_000), xlsx);
      ticksWhileRunning = ticks;
      expect("files" in output && output.files[0]?.path).toBe("translations.xlsx");
      const bytes = "files" in output ? output.files[0]?.bytes : undefined;
      expect(Object.keys(unzipSync(bytes ?? new Uint8Array()))).toContain("xl/worksheets/sheet1.xml");
    } finally {
      clearInterval(timer);
    }
    // In-process, exceljs writes the sheet in one synchronous stretch: a handful of ticks at most.
    expect(ticksWhileRunning).toBeGreaterThan(50);
    // 20,000 rows take 2 s alone and up to 5.1 s beside other test files on two cores.
  }, 30_000);

  it("zip the files when asked", async () => {
    const output = await formats.exportFiles(rows(3), { ...xlsx, format: "json", zip: true });
    const zip = "zip" in output ? output.zip : new Uint8Array();
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(["de.json", "en.json"]);
  });

  it("refuse a bad file with the same AppError as in-process", async () => {
    const refused = formats.parseImport({
      format: "json",
      bytes: new TextEncoder().encode("{ not json"),
      options: { language: "en", sourceLanguage: "en", flattenNestedKeys: true },
      sourceLanguage: "en",
    });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: "validation_failed", message: /^Invalid JSON file/ });
  });

  it("parse a file into flat arrays in file order", async () => {
    const parsed = await formats.parseImport({
      format: "json",
      bytes: new TextEncoder().encode(JSON.stringify({ b: "B", a: "A", "123": "skipped" })),
      options: { language: "en", sourceLanguage: "en", flattenNestedKeys: true },
      sourceLanguage: "en",
    });
    expect(parsed.keys).toEqual(["b", "a"]);
    expect(parsed.languages).toEqual([
      { code: "en", keys: ["b", "a"], values: ["B", "A"], states: [null, null] },
    ]);
    expect(parsed.warnings).toHaveLength(1);
  });
});
