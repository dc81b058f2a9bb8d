import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { FormatError, type ParseOptions, type SerializeOptions, type TranslationEntry } from "./types.ts";
import { yamlFormat } from "./yaml.ts";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const RAILS = "yaml/rails-i18n/rails/locale";
const read = (name: string) => new Uint8Array(readFileSync(join(CORPUS, RAILS, name)));

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: true, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "en", extra: Partial<ParseOptions> = {}) {
  const data = typeof input === "string" ? bytes(input) : input;
  return yamlFormat.parse(data, { language, sourceLanguage: "en", ...extra });
}

async function serialize(language: string, entries: TranslationEntry[]) {
  const [file] = await yamlFormat.serialize({ [language]: entries }, out);
  if (file === undefined) throw new Error("no file");
  return file;
}

const files = readdirSync(join(CORPUS, RAILS)).sort();

describe("yaml corpus (rails-i18n)", () => {
  it("has the corpus files", () => {
    expect(files).toEqual(["ar.yml", "de.yml", "en.yml", "he.yml", "ja.yml", "pl.yml", "ru.yml"]);
  });

  for (const name of files) {
    const language = name.replace(".yml", "");
    it(`round-trips ${name} (parse → serialize → parse)`, async () => {
      const first = await parse(read(name), language);
      expect(Object.keys(first.languages)).toEqual([language]);
      const written = await serialize(language, first.languages[language] ?? []);
      expect(written.path).toBe(`${language}.yml`);
      expect(text(written.bytes).startsWith(`${language}:\n`)).toBe(true);
      const again = await parse(written.bytes, language);
      expect(again.languages).toEqual(first.languages);
      expect(first.warnings.filter((warning) => warning.startsWith("Skipped"))).toEqual([]);
      expect(again.warnings).toEqual(first.warnings);
    });
  }

  it("reads en.yml: strings and strftime formats, plural hashes, lists and numbers as JSON values", async () => {
    const result = await parse(read("en.yml"));
    const entries = result.languages.en ?? [];
    expect(entries.length).toBe(110);
    expect(entries.filter((entry) => entry.plurals !== undefined).length).toBe(17);
    expect(entries.find((entry) => entry.key === "date.formats.default")).toEqual({
      key: "date.formats.default",
      value: "%Y-%m-%d",
    });
    expect(entries.find((entry) => entry.key === "datetime.distance_in_words.x_days")).toEqual({
      key: "datetime.distance_in_words.x_days",
      plurals: { one: "%{count} day", other: "%{count} days" },
      pluralVariable: "count",
    });
    // `has_one` / `has_many` are keys, not plural forms.
    expect(entries.map((entry) => entry.key)).toContain(
      "activerecord.errors.messages.restrict_dependent_destroy.has_one",
    );
    const byKey = (key: string) => entries.find((entry) => entry.key === key);
    expect(byKey("date.day_names")).toEqual({
      key: "date.day_names",
      value: '["Sunday","Monday","Tuesday","Wednesday","Thursday","Friday","Saturday"]',
      valueType: "json",
    });
    expect(byKey("date.abbr_month_names")?.value).toMatch(/^\[null,"Jan",/);
    expect(byKey("date.order")?.value).toBe('["year","month","day"]');
    expect(byKey("number.currency.format.precision")).toEqual({
      key: "number.currency.format.precision",
      value: "2",
      valueType: "json",
    });
    expect(byKey("number.currency.format.significant")?.value).toBe("false");
    expect(result.warnings).toEqual([]);
  });

  it("reads the ar / ru / pl plural categories", async () => {
    const forms = async (language: string) =>
      (await parse(read(`${language}.yml`), language)).languages[language]?.find(
        (entry) => entry.key === "datetime.distance_in_words.x_seconds",
      )?.plurals;
    expect(Object.keys((await forms("ar")) ?? {})).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(Object.keys((await forms("ru")) ?? {})).toEqual(["one", "few", "many", "other"]);
    expect(Object.keys((await forms("pl")) ?? {})).toEqual(["one", "few", "many", "other"]);
    const ja = await parse(read("ja.yml"), "ja");
    expect(ja.languages.ja?.find((entry) => entry.key === "datetime.distance_in_words.x_seconds")).toEqual({
      key: "datetime.distance_in_words.x_seconds",
      value: "%{count}秒",
    });
  });

  it("takes the language from the root key and says so when it differs", async () => {
    const result = await parse(read("de.yml"), "fr");
    expect(Object.keys(result.languages)).toEqual(["de"]);
    expect(result.warnings[0]).toBe("The file is rooted at “de”, so its strings were read as de.");
    expect(Object.keys((await parse("pt_BR:\n  a: b\n", "en")).languages)).toEqual(["pt-BR"]);
    expect(Object.keys((await parse("en-NZ:\n  a: b\n", "en")).languages)).toEqual(["en-NZ"]);
  });

  it("reads a file without a locale root as options.language", async () => {
    const result = await parse("title: Titel\nbuttons:\n  save: Speichern\n", "de");
    expect(result.languages).toEqual({
      de: [
        { key: "title", value: "Titel" },
        { key: "buttons.save", value: "Speichern" },
      ],
    });
    expect(result.warnings).toEqual([]);
    // A single top-level key that is not a locale is not a root.
    expect((await parse("activerecord:\n  a: b\n", "de")).languages.de).toEqual([
      { key: "activerecord.a", value: "b" },
    ]);
  });
});

describe("yaml parse", () => {
  it("does not take every map with a `one` key for a plural", async () => {
    const entries = (
      await parse("en:\n  steps:\n    one: Step one\n    two: Step two\n  n:\n    one: a\n    other: b\n")
    ).languages.en;
    expect(entries).toEqual([
      { key: "steps.one", value: "Step one" },
      { key: "steps.two", value: "Step two" },
      { key: "n", plurals: { one: "a", other: "b" }, pluralVariable: "count" },
    ]);
    // Values that are not all strings: a nested map, not a plural.
    expect((await parse("en:\n  n:\n    one: a\n    other: 3\n")).languages.en).toEqual([
      { key: "n.one", value: "a" },
      { key: "n.other", value: "3", valueType: "json" },
    ]);
  });

  it("with flattenNestedKeys off keeps top-level strings", async () => {
    const result = await parse("en:\n  a: A\n  b:\n    c: C\n", "en", { flattenNestedKeys: false });
    expect(result.languages.en).toEqual([{ key: "a", value: "A" }]);
    expect(result.warnings).toEqual([
      "Skipped 1 nested object (nested keys are turned off for this import): b.",
    ]);
  });

  it("keeps map order and skips numeric-only keys", async () => {
    const result = await parse("en:\n  z: Z\n  10: ten\n  a: A\n  nested:\n    2: two\n");
    expect(result.languages.en).toEqual([
      { key: "z", value: "Z" },
      { key: "a", value: "A" },
      { key: "nested.2", value: "two" },
    ]);
    expect(result.warnings).toEqual(["Skipped 1 key made only of digits: 10."]);
  });

  it("follows merge keys", async () => {
    const result = await parse("base: &base\n  a: A\n  b: B\nen:\n  <<: *base\n  b: Bee\n", "en");
    expect(result.languages.en).toEqual([
      { key: "base.a", value: "A" },
      { key: "base.b", value: "B" },
      { key: "en.a", value: "A" },
      { key: "en.b", value: "Bee" },
    ]);
  });

  it("refuses a YAML alias bomb", async () => {
    const bomb = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
      "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
      "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
      "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
      "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
      "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]",
      "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]",
      "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]",
    ].join("\n");
    await expect(parse(bomb)).rejects.toThrow(/aliases \(\*name\) too often/);
  });

  it("refuses 10,000-deep nesting (flow and block) with a clear error", async () => {
    await expect(parse(`a: ${"{a: ".repeat(10_000)}x${"}".repeat(10_000)}`)).rejects.toThrow(/nested/);
    await expect(parse(`a: ${"[".repeat(10_000)}${"]".repeat(10_000)}`)).rejects.toThrow(FormatError);
    const block = Array.from({ length: 100 }, (_, i) => `${"  ".repeat(i)}k:`).join("\n");
    await expect(parse(`${block} x\n`)).rejects.toThrow(/nested more than 64 levels deep/);
  });

  it("refuses malformed, truncated, binary, empty and non-map files", async () => {
    await expect(parse("en:\n  a: 'unterminated\n")).rejects.toThrow(/^Invalid YAML file: Missing closing/);
    await expect(parse("en:\n  a: x\n  a: y\n")).rejects.toThrow(/Map keys must be unique/);
    const whole = text(read("de.yml"));
    // Truncated inside a quoted string (a cut at a line end is still valid YAML, just shorter).
    await expect(parse(whole.slice(0, whole.indexOf("'Gültigkeit") + 5))).rejects.toThrow(/Invalid YAML/);
    await expect(parse(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))).rejects.toThrow(/binary data/);
    await expect(parse("")).rejects.toThrow("This YAML file is empty.");
    await expect(parse("- a\n- b\n")).rejects.toThrow(/holds a list/);
    await expect(parse("just text\n")).rejects.toThrow(/holds a single string/);
  });
});

describe("yaml serialize", () => {
  it("writes a Rails file rooted at the locale with plural maps", async () => {
    const file = await serialize("de", [
      { key: "app.title", value: "Sprog" },
      { key: "files", plurals: { one: "%{count} Datei", other: "%{count} Dateien" } },
      { key: "app.yes", value: "yes" },
    ]);
    expect(file.path).toBe("de.yml");
    expect(text(file.bytes)).toBe(
      [
        "de:",
        "  app:",
        "    title: Sprog",
        '    "yes": "yes"',
        "  files:",
        '    one: "%{count} Datei"',
        '    other: "%{count} Dateien"',
        "",
      ].join("\n"),
    );
  });

  it("keeps a key that is both a value and a prefix", async () => {
    const entries: TranslationEntry[] = [
      { key: "a", value: "A" },
      { key: "a.b", value: "AB" },
      { key: "p", plurals: { one: "x", other: "y" }, pluralVariable: "count" },
      { key: "p.q", value: "PQ" },
    ];
    const file = await serialize("en", entries);
    expect((await parse(file.bytes)).languages.en).toEqual(entries);
  });

  it("values survive a round trip and YAML 1.1 readers (Psych) see the same strings (fast-check)", async () => {
    const value = fc.oneof(
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.constantFrom(
        "yes",
        "no",
        "on",
        "off",
        "~",
        "null",
        "1.0",
        "0x10",
        "2001-01-01",
        "- x",
        "a: b",
        " lead",
        "trail ",
        "#x",
        "'q'",
        '"q"',
        "\n",
        "a\n\nb\n",
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 8 }), async (values) => {
        const entries = values.map((v, i) => ({ key: `k${i}`, value: v }));
        const file = await serialize("en", entries);
        expect((await parse(file.bytes)).languages.en).toEqual(entries);
        const psych = parseYaml(text(file.bytes), { version: "1.1" }) as { en: Record<string, unknown> };
        expect(Object.values(psych.en)).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });
});
