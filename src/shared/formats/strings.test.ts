import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stringsFormat } from "./strings.ts";
import { FormatError, type SerializeOptions, type TranslationEntry } from "./types.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const LOOP = "ios-strings/Loop/Loop";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function entriesOf(input: string | Uint8Array, language = "de") {
  const parsed = await stringsFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
  return parsed.languages[language] ?? [];
}

async function roundTrip(entries: TranslationEntry[], language = "de") {
  const [file] = await stringsFormat.serialize({ [language]: entries }, OUT);
  if (!file) throw new Error("no file");
  return { file, entries: await entriesOf(file.bytes, language) };
}

function utf16(text: string, endian: "le" | "be", bom: boolean): Uint8Array {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = bom ? `\uFEFF${text}` : text;
  for (let i = 0; i < units.length; i++) {
    const code = units.charCodeAt(i);
    out[i * 2] = endian === "le" ? code & 0xff : code >> 8;
    out[i * 2 + 1] = endian === "le" ? code >> 8 : code & 0xff;
  }
  return out;
}

describe("iOS .strings: reading", () => {
  it("reads pairs with their comments, keeping placeholders", async () => {
    const entries = await entriesOf(`/* The format for an override. (1: symbol)(2: name) */
"%@ %@" = "%1$@ %2$@";

// A line comment
"Bolus" = "Bolus";

"no comment" = "value";
`);
    expect(entries).toEqual([
      { key: "%@ %@", value: "%1$@ %2$@", comment: "The format for an override. (1: symbol)(2: name)" },
      { key: "Bolus", value: "Bolus", comment: "A line comment", meta: { commentStyle: "line" } },
      { key: "no comment", value: "value" },
    ]);
  });

  it("decodes escapes: quotes, backslashes, \\n, \\t, \\U (surrogate pairs too), octal", async () => {
    const entries = await entriesOf(
      String.raw`"a" = "He said \"hi\"\\n";
"b" = "line\nnext\ttab";
"c" = "caf\U00e9 \UD83D\UDE00";
"d" = "\101\102";
"e" = "it\'s";`,
    );
    expect(entries.map((entry) => entry.value)).toEqual([
      'He said "hi"\\n',
      "line\nnext\ttab",
      "café 😀",
      "AB",
      "it's",
    ]);
  });

  it("accepts unquoted keys, a key alone, braces around the file and // comment runs", async () => {
    const entries = await entriesOf(`{
  // first line
  // second line
  CFBundleName = "Loop";
  "Same";
}`);
    expect(entries).toEqual([
      {
        key: "CFBundleName",
        value: "Loop",
        comment: "first line\nsecond line",
        meta: { commentStyle: "line" },
      },
      { key: "Same", value: "Same" },
    ]);
  });

  it("gives a comment after the ; on the same line to its own pair", async () => {
    const entries = await entriesOf(`"a" = "A"; // about a
"b" = "B"; /* about b */
/* above c */
"c" = "C"; // after c
"d" = "D";`);
    expect(entries).toEqual([
      { key: "a", value: "A", comment: "about a", meta: { commentStyle: "line", commentAfter: true } },
      { key: "b", value: "B", comment: "about b", meta: { commentAfter: true } },
      { key: "c", value: "C", comment: "above c" },
      { key: "d", value: "D" },
    ]);
  });

  it("does not give a comment separated by a blank line to the next pair", async () => {
    const entries = await entriesOf(`/* File header, licence */

"a" = "b";`);
    expect(entries).toEqual([{ key: "a", value: "b" }]);
  });

  it("reads UTF-16 LE and BE, with or without a BOM", async () => {
    const source = '/* Ü */\n"Grüße" = "привет %@";\n';
    const expected = [{ key: "Grüße", value: "привет %@", comment: "Ü" }];
    expect(await entriesOf(utf16(source, "le", true))).toEqual(expected);
    expect(await entriesOf(utf16(source, "be", true))).toEqual(expected);
    expect(await entriesOf(utf16(source, "le", false))).toEqual(expected);
    expect(await entriesOf(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(source)]))).toEqual(expected);
  });

  it("keeps the last of duplicate keys and says so", async () => {
    const parsed = await stringsFormat.parse(bytes('"a" = "1";\n"a" = "2";'), {
      language: "de",
      sourceLanguage: "en",
    });
    expect(parsed.languages.de).toEqual([{ key: "a", value: "2" }]);
    expect(parsed.warnings).toEqual([expect.stringContaining("more than once")]);
  });

  it("reads an empty file as no strings", async () => {
    expect(await entriesOf("")).toEqual([]);
    expect(await entriesOf("/* only a comment */\n")).toEqual([]);
  });
});

describe("iOS .strings: bad input gets a clear error", () => {
  const cases: [string, string | Uint8Array, RegExp][] = [
    ["an unterminated string", '"a" = "b";\n"c" = "never closed;\n', /never closed.*line 2/],
    ["an unterminated key", '"a" = "b";\n"c', /key .*never closed.*line 2/],
    ["an unterminated comment", '"a" = "b";\n/* open', /comment is never closed.*line 2/],
    ["a missing semicolon", '"a" = "b"\n"c" = "d";', /expected ; .*line 2/],
    ["a missing value", '"a" = ;', /expected a quoted value/],
    ["stray text", '"a" = "b";\n= "c";', /expected a quoted key/],
    [
      "binary data",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xff]),
      /binary/,
    ],
    ["a binary plist", new Uint8Array([...bytes("bplist00"), 0xd1, 0x01, 0x02, 0x00, 0x00]), /binary/],
    ["an XML plist", '<?xml version="1.0"?><plist><dict/></plist>', /XML property list/],
  ];
  for (const [name, input, message] of cases) {
    it(`rejects ${name}`, async () => {
      const parse = entriesOf(input);
      await expect(parse).rejects.toBeInstanceOf(FormatError);
      await expect(parse).rejects.toThrow(message);
    });
  }
});

describe("iOS .strings: writing", () => {
  it("writes {lang}.lproj/Localizable.strings in UTF-8 with comments and escapes", async () => {
    const [file] = await stringsFormat.serialize(
      {
        "pt-BR": [
          { key: 'say "hi"', value: "Olá\n\t\\ %1$@", comment: "A greeting */ with a closer" },
          { key: "plain", value: "ok" },
        ],
      },
      OUT,
    );
    expect(file?.path).toBe("pt-BR.lproj/Localizable.strings");
    expect(text(file?.bytes ?? new Uint8Array())).toBe(
      `/* A greeting * / with a closer */\n"say \\"hi\\"" = "Olá\\n\\t\\\\ %1$@";\n\n"plain" = "ok";\n`,
    );
  });

  it("writes one file per language", async () => {
    const files = await stringsFormat.serialize(
      { en: [{ key: "a", value: "A" }], de: [{ key: "a", value: "Ä" }] },
      OUT,
    );
    expect(files.map((file) => file.path)).toEqual([
      "en.lproj/Localizable.strings",
      "de.lproj/Localizable.strings",
    ]);
  });

  it("round-trips awkward values and keys", async () => {
    const entries: TranslationEntry[] = [
      { key: 'quote"back\\slash', value: 'a"b\\c\nd\te\rf\u0001g 😀 %@ %1$@' },
      { key: "", value: "empty key" },
      { key: "empty value", value: "" },
      { key: "with comment", value: "x", comment: "line 1\nline 2" },
    ];
    expect((await roundTrip(entries)).entries).toEqual(entries);
  });

  it("leaves plural entries out (the format has none: they go to .stringsdict)", async () => {
    const { file } = await roundTrip([
      { key: "files", plurals: { one: "%d file", other: "%d files" } },
      { key: "title", value: "Files" },
    ]);
    expect(text(file.bytes)).toBe('"title" = "Files";\n');
  });
});

describe("iOS .strings: the Loop corpus", () => {
  const files = readdirSync(join(CORPUS, LOOP)).flatMap((folder) =>
    readdirSync(join(CORPUS, LOOP, folder)).map((name) => `${LOOP}/${folder}/${name}`),
  );

  it("has the files this test expects", () => {
    expect(files.length).toBe(20);
  });

  for (const path of files) {
    it(`round-trips ${path.slice(LOOP.length + 1)}: parse → serialize → parse gives the same entries`, async () => {
      const entries = await entriesOf(new Uint8Array(readFileSync(join(CORPUS, path))));
      expect(entries.length).toBeGreaterThan(0);
      expect((await roundTrip(entries)).entries).toEqual(entries);
    });
  }

  it("reads the English and Russian Localizable.strings fully", async () => {
    const en = await entriesOf(
      new Uint8Array(readFileSync(join(CORPUS, LOOP, "en.lproj/Localizable.strings"))),
      "en",
    );
    expect(en.length).toBe(128);
    expect(en.every((entry) => entry.comment)).toBe(true);
    expect(en).toContainEqual({
      key: "%@ %@",
      value: "%1$@ %2$@",
      comment: "The format for an active override preset. (1: preset symbol)(2: preset name)",
    });
    const ru = await entriesOf(
      new Uint8Array(readFileSync(join(CORPUS, LOOP, "ru.lproj/Localizable.strings"))),
      "ru",
    );
    expect(ru.length).toBe(370);
    expect(ru.some((entry) => entry.value?.includes('"'))).toBe(true);
    expect(ru.some((entry) => entry.value?.includes("\n"))).toBe(true);
  });

  it("reads storyboard keys of Main.strings", async () => {
    const ru = await entriesOf(
      new Uint8Array(readFileSync(join(CORPUS, LOOP, "ru.lproj/Main.strings"))),
      "ru",
    );
    expect(ru[0]).toEqual({
      key: "3kU-n2-fha.title",
      value: "Статус",
      comment: 'Class = "UINavigationItem"; title = "Status"; ObjectID = "3kU-n2-fha";',
    });
  });
});
