import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { gettextPoFormat } from "./gettext-po.ts";
import { FormatError, type SerializeOptions, type TranslationEntry } from "./types.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const DJANGO = "gettext-po/django-admin/django/contrib/admin/locale";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };
const read = (language: string) =>
  new Uint8Array(readFileSync(join(CORPUS, DJANGO, language, "LC_MESSAGES/djangojs.po")));

async function parse(input: string | Uint8Array, language = "de", sourceLanguage = "en") {
  return gettextPoFormat.parse(typeof input === "string" ? bytes(input) : input, {
    language,
    sourceLanguage,
  });
}

const header = (pluralForms = "nplurals=2; plural=(n != 1);") => `msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: ${pluralForms}\\n"

`;

describe("gettext PO: reading", () => {
  it("returns msgstr under the file's language and msgid under the source language", async () => {
    const parsed = await parse(`${header()}#. Shown on the button
# Translator: keep it short
msgid "Save"
msgstr "Speichern"

msgid "Not yet"
msgstr ""

msgctxt "month name"
msgid "May"
msgstr "Mai"
`);
    const about = {
      comment: "Shown on the button",
      meta: { translatorComment: "Translator: keep it short" },
    };
    expect(parsed.languages).toEqual({
      en: [
        { key: "Save", value: "Save", ...about },
        { key: "Not yet", value: "Not yet" },
        { key: "month name::May", value: "May", context: "month name" },
      ],
      de: [
        { key: "Save", value: "Speichern", ...about },
        // Untranslated in gettext's terms: kept as an empty value so it is written back as msgstr "".
        { key: "Not yet", value: "" },
        { key: "month name::May", value: "Mai", context: "month name" },
      ],
    });
    expect(parsed.warnings).toEqual([]);
  });

  it("maps msgstr[n] to CLDR categories through the Plural-Forms formula (ru: one, few, many + other)", async () => {
    const parsed = await parse(
      `${header("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")}msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d файл"
msgstr[1] "%d файла"
msgstr[2] "%d файлов"
`,
      "ru",
    );
    expect(parsed.languages.ru).toEqual([
      { key: "%d file", plurals: { one: "%d файл", few: "%d файла", many: "%d файлов", other: "%d файлов" } },
    ]);
    expect(parsed.languages.en).toEqual([{ key: "%d file", plurals: { one: "%d file", other: "%d files" } }]);
  });

  it("reads fuzzy translations with state fuzzy, their other flags kept", async () => {
    const parsed = await parse(`${header()}#, fuzzy
msgid "Delete"
msgstr "Löschen?"

#, fuzzy, python-format
msgid "Hello %s"
msgstr "Hallo %s"
`);
    expect(parsed.languages.de).toEqual([
      { key: "Delete", value: "Löschen?", state: "fuzzy" },
      { key: "Hello %s", value: "Hallo %s", state: "fuzzy", meta: { flags: ["python-format"] } },
    ]);
    expect(parsed.languages.en?.map((entry) => entry.key)).toEqual(["Delete", "Hello %s"]);
    expect(parsed.warnings).toEqual([]);
  });

  it("lets msgstr win over msgid when the file is in the source language", async () => {
    const parsed = await parse(
      `${header()}msgid "colour"\nmsgstr "color"\n\nmsgid "Save"\nmsgstr ""\n`,
      "en",
    );
    expect(parsed.languages).toEqual({
      en: [
        { key: "colour", value: "color" },
        { key: "Save", value: "Save" },
      ],
    });
  });

  it("reads a file whose plural entries do not match its header, saying so", async () => {
    const parsed = await parse(`${header()}msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\n`);
    expect(parsed.languages.de).toEqual([{ key: "a", plurals: { one: "x" } }]);
    expect(parsed.warnings).toEqual([expect.stringContaining("number of plural forms")]);
  });

  it("never evaluates a Plural-Forms header as code", async () => {
    const parsed = await parse(
      `${header("nplurals=2; plural=(globalThis.hacked = 1);")}msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\nmsgstr[1] "xs"\n`,
    );
    expect((globalThis as Record<string, unknown>).hacked).toBeUndefined();
    expect(parsed.warnings).toEqual([expect.stringContaining("cannot be read")]);
    expect(parsed.languages.de).toEqual([{ key: "a", plurals: { one: "x", other: "xs" } }]);
  });

  it("reads a file in a legacy charset as its header declares", async () => {
    const latin1 = new Uint8Array([
      ...bytes(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=ISO-8859-1\\n"\n\nmsgid "Green"\nmsgstr "Gr',
      ),
      0xfc,
      ...bytes('n"\n'),
    ]);
    expect((await parse(latin1)).languages.de).toEqual([{ key: "Green", value: "Grün" }]);
  });
});

describe("gettext PO: bad input gets a clear error", () => {
  const cases: [string, string | Uint8Array, RegExp][] = [
    [
      "an unterminated quote",
      `${header()}msgid "Save\nmsgstr "Speichern"\n`,
      /End-of-line within string at line 7/,
    ],
    ["a quote left open at the end", `${header()}msgid "Save"\nmsgstr "Speich`, /End-of-file within string/],
    ["an unescaped quote", `${header()}msgid "Say "hi""\nmsgstr ""\n`, /Invalid key name "hi"/],
    ["an unknown keyword", `${header()}msgkey "x"\nmsgstr "y"\n`, /Invalid key name "msgkey"/],
    ["a duplicate msgid", `${header()}msgid "a"\nmsgstr "1"\n\nmsgid "a"\nmsgstr "2"\n`, /Duplicate msgid/],
    ["a compiled .mo file", new Uint8Array([0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0, 2, 0, 0, 0]), /binary|UTF-8/],
    ["random text", "Hello, this is not a PO file.", /Invalid key name/],
  ];
  for (const [name, input, message] of cases) {
    it(`rejects ${name}`, async () => {
      const parsing = parse(input);
      await expect(parsing).rejects.toBeInstanceOf(FormatError);
      await expect(parsing).rejects.toThrow(message);
    });
  }
});

describe("gettext PO: writing", () => {
  it("writes {lang}.po per target language with Language and Plural-Forms headers", async () => {
    const files = await gettextPoFormat.serialize(
      {
        en: [
          { key: "Save", value: "Save", comment: "Button" },
          { key: "%d file", plurals: { one: "%d file", other: "%d files" } },
          { key: "month name::May", value: "May" },
          { key: "Untranslated", value: "Untranslated" },
        ],
        ru: [
          { key: "Save", value: "Сохранить" },
          {
            key: "%d file",
            plurals: { one: "%d файл", few: "%d файла", many: "%d файлов", other: "%d файла" },
          },
          { key: "month name::May", value: "Май" },
        ],
        "pt-BR": [{ key: "Save", value: "Salvar" }],
      },
      OUT,
    );
    expect(files.map((file) => file.path)).toEqual(["ru.po", "pt-BR.po"]);
    const ru = text(files[0]?.bytes ?? new Uint8Array());
    expect(ru).toContain('"Language: ru\\n"');
    expect(ru).toContain('"Plural-Forms: nplurals=3; plural=(n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 "');
    expect(ru).toContain(`#. Button
msgid "Save"
msgstr "Сохранить"`);
    expect(ru).toContain(`msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d файл"
msgstr[1] "%d файла"
msgstr[2] "%d файлов"`);
    expect(ru).toContain(`msgctxt "month name"
msgid "May"
msgstr "Май"`);
    expect(ru).toContain(`msgid "Untranslated"
msgstr ""`);
    expect(text(files[1]?.bytes ?? new Uint8Array())).toContain('"Language: pt_BR\\n"\n"MIME-Version');
  });

  it("splits msgctxt off a key only where the rest is the source text", async () => {
    const [file] = await gettextPoFormat.serialize(
      {
        en: [
          { key: "std::vector", value: "std::vector" },
          { key: "ctx::a::b", value: "a::b" },
        ],
        de: [
          { key: "std::vector", value: "std::vector" },
          { key: "ctx::a::b", value: "A::B" },
        ],
      },
      OUT,
    );
    const written = text(file?.bytes ?? new Uint8Array());
    expect(written).toContain('msgid "std::vector"');
    expect(written).toContain('msgctxt "ctx"\nmsgid "a::b"\nmsgstr "A::B"');
    expect((await parse(file?.bytes ?? new Uint8Array())).languages.de?.map((entry) => entry.key)).toEqual([
      "std::vector",
      "ctx::a::b",
    ]);
  });

  it("writes keys that are not their source text as msgctxt, flagged, and reads them back", async () => {
    const en: TranslationEntry[] = [
      { key: "home.title", value: "Title {name}", comment: "Page title" },
      { key: "b", value: "Two" },
      { key: "items", plurals: { one: "# item", other: "# items" } },
    ];
    const de: TranslationEntry[] = [
      { key: "home.title", value: "Titel {name}", comment: "Page title" },
      { key: "b", value: "Zwei" },
      { key: "items", plurals: { one: "# Eintrag", other: "# Einträge" } },
    ];
    const [file] = await gettextPoFormat.serialize({ en, de }, OUT);
    const written = text(file?.bytes ?? new Uint8Array());
    expect(written).toContain(`#. Page title
#, sprog-key
msgctxt "home.title"
msgid "Title {name}"
msgstr "Titel {name}"`);
    expect(written).toContain(`#, sprog-key
msgctxt "items"
msgid "# item"
msgid_plural "# items"
msgstr[0] "# Eintrag"
msgstr[1] "# Einträge"`);
    expect((await parse(file?.bytes ?? new Uint8Array())).languages).toEqual({ en, de });
  });

  it("writes a key without source text as its msgid, flagged, and reads back no source text for it", async () => {
    const en: TranslationEntry[] = [{ key: "b", value: "Two" }];
    const de: TranslationEntry[] = [
      { key: "b", value: "Zwei" },
      { key: "home.title", value: "Startseite" },
      { key: "items", plurals: { one: "# Eintrag", other: "# Einträge" } },
    ];
    const [file] = await gettextPoFormat.serialize({ en, de }, OUT);
    const written = text(file?.bytes ?? new Uint8Array());
    expect(written).toContain(`#, sprog-no-source
msgid "home.title"
msgstr "Startseite"`);
    // Re-importing the export must not make the key names English texts.
    const back = (await parse(file?.bytes ?? new Uint8Array())).languages;
    expect(back.en).toEqual(en);
    expect(back.de).toEqual(expect.arrayContaining(de));
    expect(back.de).toHaveLength(de.length);
  });

  it("writes only the source language when it is the only one", async () => {
    const files = await gettextPoFormat.serialize({ en: [{ key: "Save", value: "Save" }] }, OUT);
    expect(files.map((file) => file.path)).toEqual(["en.po"]);
    expect((await parse(files[0]?.bytes ?? new Uint8Array(), "en")).languages.en).toEqual([
      { key: "Save", value: "Save" },
    ]);
  });

  it("round-trips escapes and multi-line values", async () => {
    const en: TranslationEntry[] = [{ key: 'Say "hi"\n\tand go\\', value: 'Say "hi"\n\tand go\\' }];
    const de: TranslationEntry[] = [{ key: 'Say "hi"\n\tand go\\', value: 'Sag "hallo"\n\tund geh\\' }];
    const [file] = await gettextPoFormat.serialize({ en, de }, OUT);
    expect((await parse(file?.bytes ?? new Uint8Array())).languages).toEqual({ en, de });
  });
});

describe("gettext PO: the Django admin corpus", () => {
  const languages = ["ar", "de", "en", "ja", "ru"];

  for (const language of languages) {
    it(`round-trips ${language}: parse → serialize → parse gives the same entries`, async () => {
      const parsed = await parse(read(language), language);
      const files = await gettextPoFormat.serialize(parsed.languages, OUT);
      expect(files.map((file) => file.path)).toEqual([`${language}.po`]);
      const again = await parse(files[0]?.bytes ?? new Uint8Array(), language);
      expect(again.languages).toEqual(parsed.languages);
      expect(again.warnings).toEqual([]);
    });
  }

  it("reads the English template as source text only (its msgstr are empty)", async () => {
    const parsed = await parse(read("en"), "en");
    expect(parsed.warnings).toEqual([]);
    const en = parsed.languages.en ?? [];
    expect(en).toHaveLength(65);
    expect(en.filter((entry) => entry.plurals)).toHaveLength(4);
    expect(en).toContainEqual({
      key: "abbrev. month January::Jan",
      value: "Jan",
      context: "abbrev. month January",
      meta: { references: ["contrib/admin/static/admin/js/calendar.js:25"] },
    });
    expect(en).toContainEqual(
      expect.objectContaining({
        key: "%(sel)s of %(cnt)s selected",
        plurals: { one: "%(sel)s of %(cnt)s selected", other: "%(sel)s of %(cnt)s selected" },
      }),
    );
  });

  it("reads Arabic's six forms, Russian's three, Japanese's one", async () => {
    const key = "%(sel)s of %(cnt)s selected";
    const ar = (await parse(read("ar"), "ar")).languages.ar?.find((entry) => entry.key === key);
    expect(Object.keys(ar?.plurals ?? {})).toEqual(["zero", "one", "two", "few", "many", "other"]);
    expect(ar?.plurals?.zero).toBe("لا شي محدد");
    const ru = (await parse(read("ru"), "ru")).languages.ru?.find((entry) => entry.key === key);
    expect(ru?.plurals).toEqual({
      one: "Выбран %(sel)s из %(cnt)s",
      few: "Выбрано %(sel)s из %(cnt)s",
      many: "Выбрано %(sel)s из %(cnt)s",
      other: "Выбрано %(sel)s из %(cnt)s",
    });
    const ja = (await parse(read("ja"), "ja")).languages.ja?.find((entry) => entry.key === key);
    expect(ja?.plurals).toEqual({ other: "%(cnt)s個中%(sel)s個選択" });
  });

  it("counts translated and untranslated entries sensibly", async () => {
    const ja = await parse(read("ja"), "ja");
    expect(ja.languages.en).toHaveLength(63);
    expect(ja.languages.ja).toHaveLength(63);
    expect(ja.languages.ja?.filter((entry) => entry.value !== "")).toHaveLength(51);
    const de = await parse(read("de"), "de");
    expect(de.languages.de).toContainEqual({
      key: "one letter Sunday::S",
      value: "So",
      context: "one letter Sunday",
    });
  });
});
