// Round trips of CSV and XLSX tables (DESIGN §9): rows in order, values, and the key's comment,
// context, max length and tags columns. An empty cell is "not translated", so values are non-empty.
import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvFormat } from "./csv.ts";
import type { FormatDefinition, SerializeOptions, TranslationEntry } from "./types.ts";
import { xlsxFormat } from "./xlsx.ts";

const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function roundTrip(format: FormatDefinition, languages: Record<string, TranslationEntry[]>) {
  const [file] = await format.serialize(languages, out);
  if (file === undefined) throw new Error("no file");
  return { file, parsed: await format.parse(file.bytes, { language: "en", sourceLanguage: "en" }) };
}

const languages: Record<string, TranslationEntry[]> = {
  en: [
    {
      key: "zeta",
      value: "Zeta",
      comment: "Last letter",
      context: "alphabet",
      maxLength: 10,
      tags: ["ui", "greek"],
    },
    { key: "alpha", value: "Alpha" },
    { key: "mid", value: "Mid", tags: ["ui"] },
  ],
  de: [
    {
      key: "zeta",
      value: "Zeta (de)",
      comment: "Last letter",
      context: "alphabet",
      maxLength: 10,
      tags: ["ui", "greek"],
    },
    { key: "mid", value: "Mitte", tags: ["ui"] },
  ],
};

describe("csv and xlsx round trip: fixtures", () => {
  it("writes comment, context, max_length and tags columns and keeps row order", async () => {
    const { file, parsed } = await roundTrip(csvFormat, languages);
    const rows = Papa.parse<string[]>(new TextDecoder().decode(file.bytes).trim()).data;
    expect(rows).toEqual([
      ["key", "en", "de", "comment", "context", "max_length", "tags"],
      ["zeta", "Zeta", "Zeta (de)", "Last letter", "alphabet", "10", "ui, greek"],
      ["alpha", "Alpha", "", "", "", "", ""],
      ["mid", "Mid", "Mitte", "", "", "", "ui"],
    ]);
    expect(parsed.languages).toEqual(languages);
    expect(parsed.warnings).toEqual([]);
  });

  it("XLSX keeps the same columns and order", async () => {
    const { parsed } = await roundTrip(xlsxFormat, languages);
    expect(parsed.languages).toEqual(languages);
    expect(parsed.warnings).toEqual([]);
  });

  it("reads a context column as context, not as a comment", async () => {
    const csv = 'key,en,description,context,max_length,tags\r\nsave,Save,Button,toolbar,12,"a, b"\r\n';
    const parsed = await csvFormat.parse(new TextEncoder().encode(csv), {
      language: "en",
      sourceLanguage: "en",
    });
    expect(parsed.languages.en).toEqual([
      { key: "save", value: "Save", comment: "Button", context: "toolbar", maxLength: 12, tags: ["a", "b"] },
    ]);
  });
});

// CR, other controls and `_x000D_` for XLSX (its XML cannot hold them as they are, issue 32);
// separators and triggers for CSV.
const tricky = fc.string({
  unit: fc.constantFrom(..."aZ '\"{}\n\r,;\t=+-@ä#\u0001\u007f", "🙂", "\r\n", "＝", "_x000D_"),
  minLength: 1,
  maxLength: 20,
});
const tag = fc.stringMatching(/^[a-z][a-z0-9 -]{0,6}[a-z0-9]$/);

for (const format of [csvFormat, xlsxFormat]) {
  describe(`${format.id} round trip: property`, () => {
    it("random keys, non-empty values, comments, context, max length and tags survive serialize → parse", async () => {
      const entry = fc.record(
        {
          value: tricky,
          comment: tricky,
          context: tricky,
          maxLength: fc.integer({ min: 0, max: 10_000 }),
          tags: fc.uniqueArray(tag, { minLength: 1, maxLength: 3 }),
        },
        { requiredKeys: ["value"] },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9_.]{0,8}$/), entry), {
            selector: ([key]) => key,
            minLength: 1,
            maxLength: 6,
          }),
          async (items) => {
            const entries: TranslationEntry[] = items.map(([key, rest]) => ({ key, ...rest }));
            const { parsed } = await roundTrip(format, { en: entries });
            expect(parsed.languages.en).toEqual(entries);
          },
        ),
        { numRuns: format.id === "xlsx" ? 40 : 200 },
      );
    });
  });
}

describe("CSV: what only the table had comes back (issue 33)", () => {
  it("keeps the column names, comment rows and cells past the header", async () => {
    const file =
      "\uFEFFkeys,en,pt_BR,description\r\n" +
      "# Inventory System,,,\r\n" +
      "item.sword,Sword,Espada,A weapon\r\n" +
      "item.shield,Shield,Escudo,,spare note\r\n" +
      "# Trailing comment,,,\r\n";
    const parsed = await csvFormat.parse(new TextEncoder().encode(file), {
      language: "en",
      sourceLanguage: "en",
    });
    expect(parsed.languages.en?.map((entry) => entry.key)).toEqual(["item.sword", "item.shield"]);
    expect(parsed.languages["pt-BR"]?.map((entry) => entry.value)).toEqual(["Espada", "Escudo"]);
    const kept = JSON.parse(JSON.stringify(parsed.fileMeta)) as SerializeOptions["fileMeta"];
    const [written] = await csvFormat.serialize(parsed.languages, {
      sourceLanguage: "en",
      pretty: true,
      nested: false,
      flattenPlurals: false,
      ...(kept ? { fileMeta: kept } : {}),
    });
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(written?.bytes)).toBe(file);
  });
});
