// Round trips of Rails YAML (DESIGN §9): what a file holds comes back from parse → serialize →
// parse, and the `yaml` library (the ecosystem's parser here) reads the export as it read the file.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { ParsedFile, SerializeOptions, TranslationEntry } from "./types.ts";
import { yamlFormat } from "./yaml.ts";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const RAILS = "yaml/rails-i18n/rails/locale";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: true, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "en"): Promise<ParsedFile> {
  return yamlFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

/** Export what a parse gave (entries and file metadata), as the export does, and read it back. */
async function roundTrip(first: ParsedFile, language: string) {
  const [file] = await yamlFormat.serialize(
    { [language]: first.languages[language] ?? [] },
    { ...out, ...(first.fileMeta === undefined ? {} : { fileMeta: first.fileMeta }) },
  );
  if (file === undefined) throw new Error("no file");
  return { written: text(file.bytes), again: await parse(file.bytes, language) };
}

/** Every map's keys in order, recursively, so deep equality also checks order. */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).map(([key, child]) => [key, keyOrder(child)]);
  }
  return value;
}

describe("yaml round trip: fixtures", () => {
  it("keeps empty strings, file order, lists with nulls, symbols, numbers, booleans and null", async () => {
    const source = [
      "en:",
      "  z_last_alphabetically: Z",
      "  empty: ''",
      "  date:",
      "    day_names: [~, Sunday, Monday]",
      "    order:",
      "    - :year",
      "    - :month",
      "    - :day",
      "  a_first: A",
      "  number:",
      "    precision: 3",
      "    significant: false",
      "    ratio: 1.5",
      "    unit: ~",
      "  date2: x",
      "",
    ].join("\n");
    const first = await parse(source);
    const json = (key: string, value: string): TranslationEntry => ({ key, value, valueType: "json" });
    expect(first.languages.en).toEqual([
      { key: "z_last_alphabetically", value: "Z" },
      { key: "empty", value: "" },
      json("date.day_names", '[null,"Sunday","Monday"]'),
      json("date.order", '[":year",":month",":day"]'),
      { key: "a_first", value: "A" },
      json("number.precision", "3"),
      json("number.significant", "false"),
      json("number.ratio", "1.5"),
      json("number.unit", "null"),
      { key: "date2", value: "x" },
    ]);
    expect(first.warnings).toEqual([]);
    const { written, again } = await roundTrip(first, "en");
    expect(again.languages).toEqual(first.languages);
    expect(written).toContain("- :year");
    expect(keyOrder(parseYaml(written))).toEqual(keyOrder(parseYaml(source)));
    // Ruby's Psych reads YAML 1.1: the symbols must stay plain `:year`, the numbers numbers.
    expect(parseYaml(written, { version: "1.1" })).toEqual(parseYaml(source, { version: "1.1" }));
  });

  it("keeps comments: above keys, at line ends, above maps, the file header and above the root", async () => {
    const source = [
      "# Header of the file",
      "# second line",
      "",
      "---",
      "# above the root",
      "de:",
      "  # above the first key",
      "  first: Erster",
      "  # above a map",
      "  errors:",
      "    # above a map's first key",
      "    blank: muss ausgefüllt werden # after a value",
      "    # above a later key",
      "    taken: ist bereits vergeben",
      "  # above a plural",
      "  files:",
      "    one: eine Datei",
      "    other: '%{count} Dateien'",
      "",
    ].join("\n");
    const first = await parse(source, "de");
    expect(first.languages.de).toEqual([
      { key: "first", value: "Erster", comment: "above the first key" },
      {
        key: "errors.blank",
        value: "muss ausgefüllt werden",
        comment: "above a map's first key",
        meta: { lineComment: "after a value", groupComments: { errors: "above a map" } },
      },
      { key: "errors.taken", value: "ist bereits vergeben", comment: "above a later key" },
      {
        key: "files",
        plurals: { one: "eine Datei", other: "%{count} Dateien" },
        pluralVariable: "count",
        comment: "above a plural",
      },
    ]);
    expect(first.fileMeta).toEqual({
      de: { header: "Header of the file\nsecond line", rootComment: "above the root", documentStart: true },
    });
    const { written, again } = await roundTrip(first, "de");
    expect(again.languages).toEqual(first.languages);
    expect(again.fileMeta).toEqual(first.fileMeta);
    expect(written).toBe(
      [
        "# Header of the file",
        "# second line",
        "---",
        "# above the root",
        "de:",
        "  # above the first key",
        "  first: Erster",
        "  # above a map",
        "  errors:",
        "    # above a map's first key",
        "    blank: muss ausgefüllt werden # after a value",
        "    # above a later key",
        "    taken: ist bereits vergeben",
        "  # above a plural",
        "  files:",
        "    one: eine Datei",
        '    other: "%{count} Dateien"',
        "",
      ].join("\n"),
    );
  });

  it("writes the root as the file spelled it, or no root when the file had none", async () => {
    const rooted = await parse("pt_BR:\n  a: b\n", "en");
    expect(rooted.fileMeta).toEqual({ "pt-BR": { rootKey: "pt_BR" } });
    expect((await roundTrip(rooted, "pt-BR")).written).toBe("pt_BR:\n  a: b\n");
    const bare = await parse("title: Titel\nbuttons:\n  save: Speichern\n", "de");
    expect(bare.fileMeta).toEqual({ de: { rootKey: null } });
    const { written, again } = await roundTrip(bare, "de");
    expect(written).toBe("title: Titel\nbuttons:\n  save: Speichern\n");
    expect(again.languages).toEqual(bare.languages);
  });

  it("writes entries in the order given, maps where their first key was (not sorted)", async () => {
    const entries: TranslationEntry[] = [
      { key: "zeta.b", value: "1" },
      { key: "alpha", value: "2" },
      { key: "zeta.a", value: "3" },
      { key: "beta", value: "" },
    ];
    const [file] = await yamlFormat.serialize({ en: entries }, out);
    expect(text(file?.bytes ?? new Uint8Array())).toBe(
      'en:\n  zeta:\n    b: "1"\n    a: "3"\n  alpha: "2"\n  beta: ""\n',
    );
  });
});

describe("yaml round trip: blank lines", () => {
  it("keeps a line of only blanks in a multi-line value (found by the property test)", async () => {
    const entries: TranslationEntry[] = [
      { key: "a", value: " \n" },
      { key: "b", value: "x\n  \ny" },
    ];
    const [file] = await yamlFormat.serialize({ en: entries }, out);
    expect((await parse(file?.bytes ?? new Uint8Array())).languages.en).toEqual(entries);
  });
});

describe("yaml round trip: rails-i18n corpus", () => {
  const files = readdirSync(join(CORPUS, RAILS)).sort();
  it("has ar, ru and pl among the files", () => {
    expect(files).toEqual(expect.arrayContaining(["ar.yml", "ru.yml", "pl.yml"]));
  });
  for (const name of files) {
    it(`${name}: the yaml library reads the export as it reads the file (values, lists, nulls, order)`, async () => {
      const language = name.replace(".yml", "");
      const original = readFileSync(join(CORPUS, RAILS, name), "utf8");
      const first = await parse(original, language);
      expect(first.warnings).toEqual([]);
      const { written, again } = await roundTrip(first, language);
      expect(again.languages).toEqual(first.languages);
      expect(again.fileMeta).toEqual(first.fileMeta);
      expect(parseYaml(written)).toEqual(parseYaml(original));
      expect(keyOrder(parseYaml(written))).toEqual(keyOrder(parseYaml(original)));
      expect(parseYaml(written, { version: "1.1" })).toEqual(parseYaml(original, { version: "1.1" }));
    });
  }
});

/** Text with what YAML quoting has to get right: quotes, braces, `#`, `:`, line breaks, tabs. */
const tricky = fc.string({
  unit: fc.constantFrom(
    "a",
    "Z",
    " ",
    "'",
    '"',
    "{",
    "}",
    "#",
    ":",
    "-",
    "\n",
    "\t",
    "%",
    "ä",
    "🙂",
    "\\",
    "&",
    "*",
  ),
  maxLength: 20,
});
const commentText = fc
  .array(fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9 {}'":#-]{0,15}[a-zA-Z0-9]$/), {
    minLength: 1,
    maxLength: 3,
  })
  .map((lines) => lines.join("\n"));

describe("yaml round trip: property", () => {
  it("random keys, values (empty, quotes, newlines, braces) and comments survive serialize → parse", async () => {
    const entry = fc.record({ value: tricky, comment: commentText }, { requiredKeys: ["value"] });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), entry), {
          selector: ([key]) => key,
          minLength: 1,
          maxLength: 8,
        }),
        async (items) => {
          const entries: TranslationEntry[] = items.map(([key, rest]) => ({ key, ...rest }));
          const [file] = await yamlFormat.serialize({ en: entries }, out);
          const again = await parse(file?.bytes ?? new Uint8Array());
          expect(again.languages.en).toEqual(entries);
        },
      ),
      { numRuns: 200 },
    );
  });
});
