// What a .strings file carries (comments, empty values, order, the header comment) must come back
// on export (DESIGN §9); plurals belong in .stringsdict, never in .strings.
import { describe, expect, it } from "vitest";
import { stringsFormat } from "./strings.ts";
import type { ParsedFile, SerializeOptions, TranslationEntry } from "./types.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "de") {
  return stringsFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

async function exportParsed(parsed: ParsedFile) {
  const files = await stringsFormat.serialize(parsed.languages, { ...OUT, fileMeta: parsed.fileMeta ?? {} });
  expect(files).toHaveLength(1);
  return text(files[0]?.bytes);
}

const FILE = `/*
  Localizable.strings
  Shop

  Created by Jane on 01.02.24.
*/

/* The save button */
"save" = "Sichern";

// Shown when nothing was chosen
// (a second line)
"empty" = "";

"zebra" = "Zebra";
"apple" = "Apfel";
`;

describe("iOS .strings: what a file carries comes back", () => {
  it("reads the header comment as file metadata, comments, empty values and the order", async () => {
    const parsed = await parse(FILE);
    expect(parsed.languages.de).toEqual([
      { key: "save", value: "Sichern", comment: "The save button" },
      {
        key: "empty",
        value: "",
        comment: "Shown when nothing was chosen\n(a second line)",
        meta: { commentStyle: "line" },
      },
      { key: "zebra", value: "Zebra" },
      { key: "apple", value: "Apfel" },
    ]);
    expect(parsed.fileMeta).toEqual({
      de: { headerComment: "Localizable.strings\n  Shop\n\n  Created by Jane on 01.02.24." },
    });
  });

  it("writes them back: header, comments as /* */ or // as they were (issue 33), empty values, the order given", async () => {
    const parsed = await parse(FILE);
    const written = await exportParsed(parsed);
    expect(written).toBe(`/* Localizable.strings
  Shop

  Created by Jane on 01.02.24. */

/* The save button */
"save" = "Sichern";

// Shown when nothing was chosen
// (a second line)
"empty" = "";

"zebra" = "Zebra";

"apple" = "Apfel";
`);
    const again = await parse(written);
    expect(again.languages).toEqual(parsed.languages);
    expect(again.fileMeta).toEqual(parsed.fileMeta);
  });

  it("does not take a comment right above the first pair for a header", async () => {
    const parsed = await parse('/* About a */\n"a" = "A";\n');
    expect(parsed.languages.de).toEqual([{ key: "a", value: "A", comment: "About a" }]);
    expect(parsed.fileMeta).toBeUndefined();
  });

  it("never writes plural entries into .strings (they belong in .stringsdict)", async () => {
    const entries: TranslationEntry[] = [
      { key: "title", value: "Files" },
      { key: "files", plurals: { one: "%d file", other: "%d files" }, pluralVariable: "files" },
      { key: "end", value: "" },
    ];
    const [file] = await stringsFormat.serialize({ en: entries }, OUT);
    expect(text(file?.bytes)).toBe('"title" = "Files";\n\n"end" = "";\n');
  });

  it("keeps a value that is ICU plural text in the .strings file itself as that text", async () => {
    const icu = "{count, plural, one {# file} other {# files}}";
    const parsed = await parse(`"files" = "${icu}";\n`);
    expect(parsed.languages.de).toEqual([{ key: "files", value: icu, meta: { icuPlural: true } }]);
    // On export the stored ICU message comes back as plural forms, with the key's meta.
    const [file] = await stringsFormat.serialize(
      {
        de: [
          {
            key: "files",
            plurals: { one: "# file", other: "# files" },
            pluralVariable: "count",
            meta: { icuPlural: true },
          },
        ],
      },
      OUT,
    );
    expect(text(file?.bytes)).toBe(`"files" = "${icu}";\n`);
  });
});

describe("iOS .strings: comments keep their kind and place (issue 33)", () => {
  it("writes // comments as // lines and a comment after the ; after it, byte for byte", async () => {
    const file = `// A line comment
"a" = "A";

"b" = "B"; // about b

"c" = "C"; /* about c */

/* A block comment */
"d" = "D";
`;
    const written = await exportParsed(await parse(file));
    expect(written).toBe(file);
  });
});
