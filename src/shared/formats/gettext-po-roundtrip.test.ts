// What a PO file carries besides its strings (comments, flags, references, context, header) must
// come back on export (DESIGN §9), as the ecosystem's own reader (gettext-parser) sees it.
import { po } from "gettext-parser";
import { describe, expect, it } from "vitest";
import { gettextPoFormat } from "./gettext-po.ts";
import type { FormatMeta, ParsedFile, SerializeOptions } from "./types.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

async function parse(input: string | Uint8Array, language = "de") {
  return gettextPoFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage: "en",
  });
}

/** Export as the app does: the parsed languages and the file-level metadata they came with. */
async function exportParsed(parsed: ParsedFile, fileMeta?: Record<string, FormatMeta>) {
  const files = await gettextPoFormat.serialize(parsed.languages, {
    ...OUT,
    fileMeta: fileMeta ?? parsed.fileMeta ?? {},
  });
  const [file] = files;
  if (!file || files.length !== 1) throw new Error(`expected one file, got ${files.length}`);
  return file;
}

const FILE = `# German translation of the shop.
# Jane Doe <jane@example.com>, 2024.
#
msgid ""
msgstr ""
"Project-Id-Version: shop 1.2\\n"
"Report-Msgid-Bugs-To: bugs@example.com\\n"
"POT-Creation-Date: 2024-01-01 10:00+0000\\n"
"PO-Revision-Date: 2024-02-01 10:00+0000\\n"
"Last-Translator: Jane Doe <jane@example.com>\\n"
"Language-Team: German <de@example.com>\\n"
"Language: de\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"X-Custom: kept\\n"

#. Shown on the save button
# Keep it short!
#: src/button.py:10 src/form.py:22
#: src/other.py:3
#, python-format
msgid "Save %s"
msgstr "%s speichern"

#, fuzzy, c-format
#| msgid "Delete %d item"
msgid "Remove %d item"
msgid_plural "Remove %d items"
msgstr[0] "%d Eintrag löschen"
msgstr[1] "%d Einträge löschen"

msgctxt "month name"
msgid "May"
msgstr "Mai"

msgctxt "verb"
msgid "May"
msgstr "Darf"

msgid " and "
msgstr " und "

msgid "Not yet"
msgstr ""

msgid "%d file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""

msgid "Zebra"
msgstr "Zebra"

msgid "Apple"
msgstr "Apfel"
`;

describe("gettext PO: what a file carries comes back", () => {
  it("reads extracted comments, translator comments, references, flags, previous msgid, fuzzy, context", async () => {
    const parsed = await parse(FILE);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.languages.de).toEqual([
      {
        key: "Save %s",
        value: "%s speichern",
        comment: "Shown on the save button",
        meta: {
          translatorComment: "Keep it short!",
          references: ["src/button.py:10 src/form.py:22", "src/other.py:3"],
          flags: ["python-format"],
        },
      },
      {
        key: "Remove %d item",
        plurals: { one: "%d Eintrag löschen", other: "%d Einträge löschen" },
        state: "fuzzy",
        meta: { flags: ["c-format"], previous: ['msgid "Delete %d item"'] },
      },
      { key: "month name::May", value: "Mai", context: "month name" },
      { key: "verb::May", value: "Darf", context: "verb" },
      { key: " and ", value: " und " },
      { key: "Not yet", value: "" },
      { key: "%d file", value: "" },
      { key: "Zebra", value: "Zebra" },
      { key: "Apple", value: "Apfel" },
    ]);
    expect(parsed.languages.en?.map((entry) => entry.key)).toEqual(
      parsed.languages.de?.map((entry) => entry.key),
    );
    expect(parsed.languages.en?.[1]).toEqual({
      key: "Remove %d item",
      plurals: { one: "Remove %d item", other: "Remove %d items" },
      meta: { flags: ["c-format"], previous: ['msgid "Delete %d item"'] },
    });
    expect(parsed.fileMeta).toEqual({
      de: {
        headerComment: "German translation of the shop.\nJane Doe <jane@example.com>, 2024.\n",
        headers: [
          ["Project-Id-Version", "shop 1.2"],
          ["Report-Msgid-Bugs-To", "bugs@example.com"],
          ["POT-Creation-Date", "2024-01-01 10:00+0000"],
          ["PO-Revision-Date", "2024-02-01 10:00+0000"],
          ["Last-Translator", "Jane Doe <jane@example.com>"],
          ["Language-Team", "German <de@example.com>"],
          ["Language", "de"],
          ["MIME-Version", "1.0"],
          ["Content-Type", "text/plain; charset=UTF-8"],
          ["Content-Transfer-Encoding", "8bit"],
          ["Plural-Forms", "nplurals=2; plural=(n != 1);"],
          ["X-Custom", "kept"],
        ],
      },
    });
  });

  it("writes the file back as gettext-parser reads the original", async () => {
    const parsed = await parse(FILE);
    const file = await exportParsed(parsed);
    expect(file.path).toBe("de.po");
    const original = po.parse(FILE);
    const written = po.parse(text(file.bytes));
    expect(written.headers).toEqual(original.headers);
    expect(Object.keys(written.headers)).toEqual(Object.keys(original.headers));
    expect(written.translations).toEqual(original.translations);
    expect(text(file.bytes)).toContain(
      '#, fuzzy, c-format\n#| msgid "Delete %d item"\nmsgid "Remove %d item"',
    );
    expect(text(file.bytes)).toContain('msgid "Not yet"\nmsgstr ""');
    const order = [...text(file.bytes).matchAll(/^msgid "(.*)"$/gm)].map((match) => match[1]);
    expect(order).toEqual([
      "",
      "Save %s",
      "Remove %d item",
      "May",
      "May",
      " and ",
      "Not yet",
      "%d file",
      "Zebra",
      "Apple",
    ]);
    const again = await parse(file.bytes);
    expect(again.languages).toEqual(parsed.languages);
    expect(again.fileMeta).toEqual(parsed.fileMeta);
  });

  it("writes the entries in the order given, never sorted", async () => {
    const en = [
      { key: "b", value: "B" },
      { key: "a", value: "A" },
      { key: "c", value: "C" },
    ];
    const [file] = await gettextPoFormat.serialize(
      {
        en,
        de: [
          { key: "c", value: "Ce" },
          { key: "b", value: "Be" },
        ],
      },
      OUT,
    );
    const back = await parse(file?.bytes ?? new Uint8Array());
    expect(back.languages.en?.map((entry) => entry.key)).toEqual(["c", "b", "a"]);
    expect(back.languages.de).toEqual([
      { key: "c", value: "Ce" },
      { key: "b", value: "Be" },
      { key: "a", value: "" },
    ]);
  });

  it("keeps the exported language's Language and Plural-Forms correct against another file's header", async () => {
    const parsed = await parse(FILE);
    const ru = parsed.languages.de?.map((entry) => ({ ...entry })) ?? [];
    const [file] = await gettextPoFormat.serialize(
      { en: parsed.languages.en ?? [], ru },
      { ...OUT, fileMeta: { ru: parsed.fileMeta?.de ?? {} } },
    );
    const headers = po.parse(text(file?.bytes ?? new Uint8Array())).headers;
    expect(headers.Language).toBe("ru");
    expect(headers["Plural-Forms"]).toMatch(/^nplurals=3;/);
    expect(headers["X-Custom"]).toBe("kept");
  });

  it("writes a header of its own when the language has no file metadata", async () => {
    const [file] = await gettextPoFormat.serialize(
      { en: [{ key: "a", value: "A" }], ar: [{ key: "a", value: "أ" }] },
      OUT,
    );
    const headers = po.parse(text(file?.bytes ?? new Uint8Array())).headers;
    expect(headers.Language).toBe("ar");
    expect(headers["Plural-Forms"]).toMatch(/^nplurals=6;/);
    expect(headers["Content-Type"]).toBe("text/plain; charset=UTF-8");
  });

  it("writes a template (every msgstr empty) back as a template", async () => {
    const template = `msgid ""
msgstr ""
"Project-Id-Version: shop\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

#: a.py:1
msgid "Save"
msgstr ""

msgid "%d file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""
`;
    const parsed = await parse(template, "en");
    expect(parsed.languages.en).toEqual([
      { key: "Save", value: "Save", meta: { references: ["a.py:1"] } },
      { key: "%d file", plurals: { one: "%d file", other: "%d files" } },
    ]);
    const file = await exportParsed(parsed);
    const written = po.parse(text(file.bytes));
    expect(written.translations).toEqual(po.parse(template).translations);
  });
});

describe("PO obsolete entries (issue 33)", () => {
  const WITH_OBSOLETE = `msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Save"
msgstr "Speichern"

#~ msgid "Old button"
#~ msgstr "Alter Knopf"

#~ msgctxt "menu"
#~ msgid "Quit"
#~ msgstr "Beenden"

#, fuzzy
#~ msgid "Old file"
#~ msgid_plural "Old files"
#~ msgstr[0] "Alte Datei"
#~ msgstr[1] "Alte Dateien"
`;

  it("are no keys, and come back as obsolete entries, in their order", async () => {
    const parsed = await parse(WITH_OBSOLETE);
    expect(parsed.languages.de?.map((entry) => entry.key)).toEqual(["Save"]);
    // Through JSON, as the database keeps file metadata.
    const kept = JSON.parse(JSON.stringify(parsed.fileMeta)) as Record<string, FormatMeta>;
    const file = await exportParsed(parsed, kept);
    const written = text(file.bytes);
    expect(written.slice(written.indexOf("#~"))).toBe(WITH_OBSOLETE.slice(WITH_OBSOLETE.indexOf("#~")));
    const table = po.parse(written);
    expect(Object.keys(table.obsolete ?? {}).sort()).toEqual(["", "menu"]);
    expect(table.obsolete?.menu?.Quit?.msgstr).toEqual(["Beenden"]);
    expect(table.obsolete?.[""]?.["Old file"]?.msgstr).toEqual(["Alte Datei", "Alte Dateien"]);
  });
});
