// Which column of a CSV table is what (issue 33, point 5): the guess from the header's names, and
// the column mapping chosen in the import dialog (`ParseOptions.columns`), which replaces it.
import { describe, expect, it } from "vitest";
import { csvFormat, csvPreview } from "./csv.ts";
import { guessTableColumns } from "./table-columns.ts";
import type { ParseOptions, SerializeOptions } from "./types.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

async function parse(text: string, columns?: ParseOptions["columns"], language = "en") {
  return csvFormat.parse(bytes(text), { language, sourceLanguage: "en", ...(columns ? { columns } : {}) });
}

/** The key column's name and each language column's code, as the parser read them. */
async function keyAndLanguages(header: string) {
  const cells = header.split(",");
  const row = cells.map((_, i) => (i === 0 ? "k" : `v${i}`));
  // The key is the cell of the row under the key column: find which one it is by its text.
  const parsed = await parse(`${header}\n${row.join(",")}\n`);
  const first = Object.values(parsed.languages)[0]?.[0];
  return { key: first?.key, languages: Object.keys(parsed.languages) };
}

const TABLE =
  "string_id,English,Deutsch,notes\r\napp.save,Save,Speichern,Button label\r\napp.open,Open,,\r\n";

describe("the guessed key column", () => {
  it.each([
    "key",
    "Key",
    "KEY",
    "keys",
    "ID",
    "id",
    "string_id",
    "String ID",
    "stringId",
    "identifier",
    "Name",
    "msgid",
    "Resource Key",
    "resource_name",
    "translation key",
    "Key Name",
  ])("takes a column named %s", async (name) => {
    const parsed = await parse(`${name},en\napp.save,Save\n`);
    expect(parsed.languages).toEqual({ en: [{ key: "app.save", value: "Save" }] });
    expect(parsed.warnings).toEqual([]);
  });

  it("prefers the more telling name, whatever the order of the columns", async () => {
    // `id` is also Indonesian: with a `key` column it is a language.
    expect(await keyAndLanguages("id,key,en")).toEqual({ key: "v1", languages: ["id", "en"] });
    expect(await keyAndLanguages("name,string_id,en")).toEqual({ key: "v1", languages: ["en"] });
    expect(await keyAndLanguages("identifier,id,de")).toEqual({ key: "v1", languages: ["de"] });
  });

  it("takes a first column without a header as the keys (Godot's tables: `,en,de`)", async () => {
    const parsed = await parse(",en,de\nMENU_PLAY,Play,Spielen\n");
    expect(parsed.languages).toEqual({
      en: [{ key: "MENU_PLAY", value: "Play" }],
      de: [{ key: "MENU_PLAY", value: "Spielen" }],
    });
  });

  it("refuses a table without one, naming its columns and pointing at the import dialog", async () => {
    const error = await parse("label,English,Deutsch\na,b,c\n").catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      "This CSV file has no “key” column. Its columns are “label”, “English” and “Deutsch”: choose the one that holds the keys under “Columns” in the import dialog, or name it “key”.",
    );
  });
});

describe("guessed language columns", () => {
  it("reads codes, English and native names, and a code in brackets", async () => {
    const parsed = await parse(
      "key,English,Deutsch,français,Español,Portuguese (Brazil),Brazilian Portuguese,Lao,Japanese [ja],zh_TW\n" +
        "k,a,b,c,d,e,f,g,h,i\n",
    );
    expect(Object.keys(parsed.languages)).toEqual(["en", "de", "fr", "es", "pt-BR", "lo", "ja", "zh-TW"]);
    // Two columns of one language: the first is read, the second ignored (and said so).
    expect(parsed.warnings).toEqual(["Ignored 1 column that name no language: “Brazilian Portuguese”."]);
  });

  it("tells the dialog what it guessed, column by column", () => {
    expect(
      guessTableColumns([
        "String ID",
        "English",
        "Deutsch",
        "Notes",
        "context",
        "Max Length",
        "tags",
        "status",
      ]),
    ).toEqual([
      { use: "key" },
      { use: "language", language: "en" },
      { use: "language", language: "de" },
      { use: "description" },
      { use: "context" },
      { use: "maxLength" },
      { use: "tags" },
      { use: "ignore" },
    ]);
    // A `value` column holds the file's language, when there is one.
    expect(guessTableColumns(["key", "value"], "fr")).toEqual([
      { use: "key" },
      { use: "language", language: "fr" },
    ]);
    expect(guessTableColumns(["key", "value"])).toEqual([{ use: "key" }, { use: "ignore" }]);
    expect(guessTableColumns(["Label", "en", "en_US", "EN"])).toEqual([
      { use: "ignore" },
      { use: "language", language: "en" },
      { use: "language", language: "en-US" },
      { use: "ignore" },
    ]);
  });
});

describe("the column mapping (ParseOptions.columns)", () => {
  const expected = {
    en: [
      { key: "app.save", value: "Save", comment: "Button label" },
      { key: "app.open", value: "Open" },
    ],
    de: [{ key: "app.save", value: "Speichern", comment: "Button label" }],
  };

  it("reads the columns it names by index, and no others, without warnings", async () => {
    const parsed = await parse(TABLE, { key: 0, languages: { "1": "en", "2": "de" }, description: 3 });
    expect(parsed.languages).toEqual(expected);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.fileMeta).toEqual({
      en: { columnNames: { key: "string_id", en: "English", de: "Deutsch", comment: "notes" } },
    });
  });

  it("names columns by their header text too, and canonical language codes", async () => {
    const parsed = await parse(TABLE, {
      key: "string_id",
      languages: { English: "EN", deutsch: "de" },
      description: "Notes",
    });
    expect(parsed.languages).toEqual(expected);
  });

  it("replaces the guess: another key column, a `key` column ignored, a description read as a language", async () => {
    const parsed = await parse("key,id,en,comment\nold,app.save,Save,Speichern\n", {
      key: "id",
      languages: { "2": "en", "3": "de" },
    });
    expect(parsed.languages).toEqual({
      en: [{ key: "app.save", value: "Save" }],
      de: [{ key: "app.save", value: "Speichern" }],
    });
    expect(parsed.warnings).toEqual([]);
  });

  it("reads context, max length and tags columns it names", async () => {
    const parsed = await parse('a,b,c,d,e\nsave,Save,toolbar,12,"x, y"\n', {
      key: 0,
      languages: { "1": "en" },
      context: 2,
      maxLength: "d",
      tags: 4,
    });
    expect(parsed.languages.en).toEqual([
      { key: "save", value: "Save", context: "toolbar", maxLength: 12, tags: ["x", "y"] },
    ]);
  });

  it("keeps the header for the export: the table comes back with the names it was imported with", async () => {
    const parsed = await parse(TABLE, { key: 0, languages: { "1": "en", "2": "de" }, description: 3 });
    const options: SerializeOptions = {
      sourceLanguage: "en",
      pretty: true,
      nested: false,
      flattenPlurals: false,
      ...(parsed.fileMeta ? { fileMeta: parsed.fileMeta } : {}),
    };
    const [file] = await csvFormat.serialize(parsed.languages, options);
    const written = new TextDecoder("utf-8", { ignoreBOM: true }).decode(file?.bytes);
    expect(written).toBe(`\uFEFF${TABLE}`);
    // And that file is read back the same way without a mapping: its names are guessed now.
    const again = await parse(written.slice(1));
    expect(again.languages).toEqual(expected);
  });

  it("keeps the column names with a language of the file when the chosen one is none of them", async () => {
    const parsed = await parse(TABLE, { key: 0, languages: { "1": "en", "2": "de" } }, "fr");
    expect(Object.keys(parsed.fileMeta ?? {})).toEqual(["en"]);
    const guessed = await parse("key,de\na,b\n", undefined, "fr");
    expect(guessed.fileMeta).toEqual({ de: { columnNames: { key: "key", de: "de" } } });
  });

  it("refuses a mapping the table does not fit, saying why", async () => {
    const refused = (columns: ParseOptions["columns"]) =>
      parse(TABLE, columns).then(
        () => "read",
        (error: Error) => error.message,
      );
    expect(await refused({ key: 7, languages: { "1": "en" } })).toBe(
      "The column mapping names column index 7, but this CSV file has 4 columns (index 0 to 3): “string_id”, “English”, “Deutsch” and “notes”.",
    );
    expect(await refused({ key: 0, languages: { Frensh: "fr" } })).toBe(
      "The column mapping names a column “Frensh”, but this CSV file has none by that name. Its columns are “string_id”, “English”, “Deutsch” and “notes”.",
    );
    expect(await refused({ key: 0, languages: { "0": "en" } })).toBe(
      "The column mapping chooses column “string_id” (index 0) twice: as the key and as English (en).",
    );
    expect(await refused({ key: "English", languages: { "1": "en" }, description: 0 })).toBe(
      "The column mapping chooses column “English” (index 1) twice: as the key and as English (en).",
    );
    expect(await refused({ key: 0, languages: { "1": "de", Deutsch: "de" } })).toBe(
      "The column mapping chooses two columns as German (de): “English” (index 1) and “Deutsch” (index 2).",
    );
    expect(await refused({ key: 0, languages: { "1": "xx" } })).toBe(
      "The column mapping names “xx”, which is not a language code Sprog knows.",
    );
    expect(await refused({ key: 0, languages: {} })).toMatch(/^This CSV file has no language columns\./);
    const twice = await parse("id,en,id\na,b,c\n", { key: "id", languages: { "1": "en" } }).catch(
      (error: Error) => error.message,
    );
    expect(twice).toBe(
      "This CSV file has 2 columns named “id” (index 0 and 2): name the column by its index instead.",
    );
  });
});

describe("csvPreview: the header the import dialog shows", () => {
  it("reads the header and the first row as the parser does", () => {
    expect(csvPreview(bytes("\uFEFF\n\nstring_id;English;Deutsch\n\napp.save;Save;'=Speichern\n"))).toEqual({
      header: ["string_id", "English", "Deutsch"],
      sample: ["app.save", "Save", "=Speichern"],
    });
    expect(csvPreview(new Uint8Array([...bytes("key,d"), 0xe9, 0x0a]))).toEqual({
      header: ["key", "dé"],
      sample: [],
    });
    expect(() => csvPreview(bytes(""))).toThrow("This CSV file is empty.");
  });
});
