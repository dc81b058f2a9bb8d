import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { arbFormat } from "./arb.ts";
import type { SerializeOptions, TranslationEntry } from "./types.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const out: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "en") {
  return arbFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

const sample = JSON.stringify(
  {
    "@@locale": "pt_BR",
    "@@last_modified": "2024-01-01T00:00:00Z",
    helloWorld: "Olá, mundo!",
    "@helloWorld": { description: "The conventional newborn programmer greeting" },
    greeting: "Olá, {userName}",
    "@greeting": {
      description: "Greets the user",
      placeholders: { userName: { type: "String", example: "Ana" } },
    },
    nFiles: "{count, plural, =0{Nenhum arquivo} one{1 arquivo} other{{count} arquivos}}",
    "@nFiles": { placeholders: { count: { type: "int" } } },
    quoted: "It''s '{'literal'}'",
    count: 3,
    "123": "numeric key",
    flags: ["a"],
    nested: { a: "b" },
  },
  null,
  2,
);

describe("arb parse", () => {
  it("reads @@locale, values as ICU, descriptions as comments", async () => {
    const result = await parse(sample, "en");
    expect(Object.keys(result.languages)).toEqual(["pt-BR"]);
    expect(result.languages["pt-BR"]).toEqual([
      {
        key: "helloWorld",
        value: "Olá, mundo!",
        comment: "The conventional newborn programmer greeting",
        meta: {},
      },
      {
        key: "greeting",
        value: "Olá, {userName}",
        comment: "Greets the user",
        meta: { placeholders: { userName: { type: "String", example: "Ana" } } },
      },
      {
        key: "nFiles",
        value: "{count, plural, =0{Nenhum arquivo} one{1 arquivo} other{{count} arquivos}}",
        meta: { placeholders: { count: { type: "int" } } },
      },
      { key: "quoted", value: "It''s '{'literal'}'" },
    ]);
    expect(result.fileMeta).toEqual({
      "pt-BR": { "@@last_modified": "2024-01-01T00:00:00Z", keyBlocks: true },
    });
    expect(result.warnings).toEqual([
      'The file says "@@locale": "pt_BR", so its strings were read as pt-BR.',
      "Skipped 1 value that is not text (a number, true/false or null): count.",
      "Skipped 1 list (array), which Sprog does not import: flags.",
      "Skipped 1 nested object (ARB files are flat): nested.",
      "Skipped 1 key made only of digits: 123.",
    ]);
  });

  it("uses options.language without @@locale", async () => {
    const result = await parse('{"a": "A"}', "de");
    expect(result).toEqual({
      languages: { de: [{ key: "a", value: "A" }] },
      warnings: [],
      fileMeta: { de: { keyBlocks: false } },
    });
  });

  it("refuses invalid, truncated, binary and non-object files", async () => {
    await expect(parse(sample.slice(0, 100))).rejects.toThrow(
      "Invalid JSON file. Please check the file format.",
    );
    await expect(parse("[1]")).rejects.toThrow(/holds a list/);
    await expect(parse(new Uint8Array([0, 1, 2, 3]))).rejects.toThrow(/binary data/);
  });
});

describe("arb serialize", () => {
  const entries: TranslationEntry[] = [
    { key: "title", value: "Título", comment: "App bar title" },
    { key: "files", plurals: { one: "# arquivo", other: "# arquivos" }, pluralVariable: "count" },
    { key: "hello", value: "Olá, {name}" },
  ];

  it("writes app_{locale}.arb with @@locale, descriptions and ICU plurals", async () => {
    const [file] = await arbFormat.serialize({ "pt-BR": entries }, { ...out, sourceLanguage: "pt-BR" });
    expect(file?.path).toBe("app_pt_BR.arb");
    expect(JSON.parse(text(file?.bytes ?? new Uint8Array()))).toEqual({
      "@@locale": "pt_BR",
      title: "Título",
      "@title": { description: "App bar title" },
      files: "{count, plural, one {# arquivo} other {# arquivos}}",
      hello: "Olá, {name}",
    });
    expect(text(file?.bytes ?? new Uint8Array())).toMatch(/^\{\n {2}"@@locale": "pt_BR",\n/);
  });

  it("writes a translation file's @key blocks only if its imported file had them (issue 33)", async () => {
    const write = async (fileMeta?: SerializeOptions["fileMeta"]) => {
      const [file] = await arbFormat.serialize(
        { "pt-BR": entries },
        { ...out, ...(fileMeta ? { fileMeta } : {}) },
      );
      return JSON.parse(text(file?.bytes ?? new Uint8Array())) as Record<string, unknown>;
    };
    // Never imported, or imported without blocks: the template (source) file has them, not this one.
    expect(await write()).not.toHaveProperty("@title");
    expect(await write({ "pt-BR": { keyBlocks: false } })).not.toHaveProperty("@title");
    expect((await write({ "pt-BR": { keyBlocks: true } }))["@title"]).toEqual({
      description: "App bar title",
    });
    const plain = await parse('{"@@locale": "pt_BR", "title": "Título"}', "pt-BR");
    const [file] = await arbFormat.serialize(
      { "pt-BR": [{ key: "title", value: "Título", comment: "App bar title" }] },
      { ...out, fileMeta: plain.fileMeta ?? {} },
    );
    expect(text(file?.bytes ?? new Uint8Array())).toBe('{\n  "@@locale": "pt_BR",\n  "title": "Título"\n}\n');
  });

  it("round-trips parse → serialize → parse", async () => {
    const first = await parse(sample, "pt-BR");
    const [file] = await arbFormat.serialize(first.languages, { ...out, fileMeta: first.fileMeta ?? {} });
    const again = await parse(file?.bytes ?? new Uint8Array(), "pt-BR");
    expect(again.languages).toEqual(first.languages);
  });

  it("exports messages intl-messageformat renders", async () => {
    const [file] = await arbFormat.serialize({ "pt-BR": entries }, out);
    const arb = JSON.parse(text(file?.bytes ?? new Uint8Array())) as Record<string, string>;
    expect(new IntlMessageFormat(arb.files ?? "", "pt-BR").format({ count: 1 })).toBe("1 arquivo");
    expect(new IntlMessageFormat(arb.files ?? "", "pt-BR").format({ count: 7 })).toBe("7 arquivos");
    expect(new IntlMessageFormat(arb.hello ?? "", "pt-BR").format({ name: "Ana" })).toBe("Olá, Ana");
  });
});
