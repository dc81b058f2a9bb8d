import { crc32, inflateRawSync } from "node:zlib";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import type { ExportRow } from "./export-entries.ts";
import type { ExportPage } from "./export-pages.ts";
import type { ExportInput, FileGroupInput } from "./format-jobs.ts";
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

/** Rows as `exportPages` gives them: JSON text of tuples, `size` keys a page. */
async function* pagesOf(all: readonly ExportRow[], size: number): AsyncGenerator<ExportPage> {
  for (let from = 0; from < all.length; from += size) {
    yield JSON.stringify(
      all
        .slice(from, from + size)
        .map((row) => [
          row.key,
          row.description,
          row.context,
          row.translatable,
          row.max_length,
          row.tags,
          row.value_type,
          row.meta,
          typeof row.values === "string" ? JSON.parse(row.values) : row.values,
          row.states,
        ]),
    );
  }
}

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

  it("write a language's file for a zip page by page, deflated as it goes: the file written whole, with its size and CRC", async () => {
    const some = rows(2_500);
    for (const nested of [false, true]) {
      const input: FileGroupInput = {
        ...xlsx,
        format: "json",
        languages: ["de"],
        pretty: true,
        nested,
        deflate: true,
      };
      const whole = await formats.exportFiles(some, { ...input, zip: false });
      const expected = "files" in whole ? whole.files[0]?.bytes : undefined;
      const output = await formats.exportGroup(pagesOf(some, 700), input);
      const file = "deflated" in output ? output.deflated[0] : undefined;
      expect(file?.path).toBe("de.json");
      expect(Buffer.from(inflateRawSync(file?.data ?? new Uint8Array()))).toEqual(
        Buffer.from(expected ?? []),
      );
      expect(file?.size).toBe(expected?.length);
      expect(file?.crc).toBe(crc32(expected ?? new Uint8Array()));
    }
  });
});
