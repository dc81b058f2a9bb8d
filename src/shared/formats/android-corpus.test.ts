// Android XML on the apps-android-wikipedia resources (/work/shared/corpus): what Sprog reads,
// and that an export has what aapt2 would compile from the original (android-test-fixtures.ts).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { aaptRead, OUT, parse, roundTrip } from "./android-test-fixtures.ts";
import { androidXmlFormat } from "./android-xml.ts";
import { PLURAL_CATEGORIES, type TranslationEntry } from "./types.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const RES = join(CORPUS, "android-strings-xml/apps-android-wikipedia/app/src/main/res");

const text = (data: Uint8Array) => new TextDecoder().decode(data);

async function entriesOf(input: string | Uint8Array, language = "en") {
  return (await parse(input, language)).languages[language] ?? [];
}

describe("Android XML: the Wikipedia corpus", () => {
  const files = readdirSync(RES).flatMap((folder) =>
    readdirSync(join(RES, folder)).map((name) => ({
      path: `${folder}/${name}`,
      language: folder === "values" ? "en" : folder.replace("values-", "").replace("iw", "he"),
    })),
  );
  const read = (path: string) => new Uint8Array(readFileSync(join(RES, path)));

  for (const { path, language } of files) {
    it(`round-trips ${path}: parse → serialize → parse gives the same entries`, async () => {
      const entries = await entriesOf(read(path), language);
      const [file] = await androidXmlFormat.serialize({ [language]: entries }, OUT);
      expect(await entriesOf(file?.bytes ?? new Uint8Array(), language)).toEqual(entries);
    });
  }

  it("reads the 2,075 English strings and 108 plurals", async () => {
    const parsed = await parse(read("values/strings.xml"));
    const entries = parsed.languages.en ?? [];
    expect(entries.filter((entry) => entry.value !== undefined)).toHaveLength(2075);
    expect(entries.filter((entry) => entry.plurals)).toHaveLength(108);
    expect(parsed.warnings).toEqual([]);
    expect(entries).toContainEqual({
      key: "page_edit_history_minor_edit",
      value: "<b>m</b> %s",
      meta: { markup: "cdata" },
    });
    expect(entries).toContainEqual({ key: "login_dont_have_account", value: "Don't have an account?" });
  });

  it("reads the translations' entity-escaped HTML as the same kind of value as English CDATA", async () => {
    const de = await entriesOf(read("values-de/strings.xml"), "de");
    expect(de).toContainEqual({
      key: "page_edit_history_minor_edit",
      value: "<b>k</b> %s",
      meta: { markup: "escaped" },
    });
    const link = de.find((entry) => entry.key === "page_edit_history_empty_search_message");
    expect(link?.value).toContain('<a href="#">');
  });

  it("reads Arabic plurals with all six categories", async () => {
    const ar = await entriesOf(read("values-ar/strings.xml"), "ar");
    const plurals = ar.filter((entry) => entry.plurals);
    expect(plurals).toHaveLength(72);
    const full = plurals.find((entry) => entry.key === "page_edit_history_article_edits_since_year");
    expect(Object.keys(full?.plurals ?? {})).toEqual([...PLURAL_CATEGORIES]);
    expect(full?.plurals?.two).toBe("تعديلَين منذ %2$s");
  });

  it('reads string arrays and keeps the translatable="false" file\'s strings', async () => {
    expect((await entriesOf(read("values/sort_options.xml"))).map((entry) => entry.key)).toEqual([
      "sort_options[0]",
      "sort_options[1]",
      "sort_options[2]",
      "sort_options[3]",
      "sort_article_options[0]",
      "sort_article_options[1]",
      "sort_article_options[2]",
      "sort_article_options[3]",
    ]);
    const noTranslate = await parse(read("values/strings_no_translate.xml"));
    expect(noTranslate.languages.en).toHaveLength(97);
    expect(noTranslate.warnings).toEqual([]);
  });

  it("writes the string arrays back as string arrays", async () => {
    const entries = await entriesOf(read("values/sort_options.xml"));
    const [file] = await androidXmlFormat.serialize({ en: entries }, OUT);
    const written = text(file?.bytes ?? new Uint8Array());
    expect(written).toContain(
      '<string-array name="sort_options">\n        <item>@string/reading_list_sort_by_name</item>',
    );
  });
});

describe("Android XML round trip: the Wikipedia corpus, as aapt2 would read it", () => {
  const files = [
    ["values/strings.xml", "en"],
    ["values/sort_options.xml", "en"],
    ["values/strings_no_translate.xml", "en"],
    ...readdirSync(RES)
      .filter((folder) => folder.startsWith("values-"))
      .map((folder) => [`${folder}/strings.xml`, folder.slice("values-".length).replace("iw", "he")]),
  ];
  for (const [path = "", language = ""] of files) {
    it(`${path}: the export has the same resources, text, plurals, arrays, attributes and comments`, async () => {
      const xml = readFileSync(join(RES, path), "utf8");
      const { first, second, before, after } = await roundTrip(xml, language);
      expect(second).toEqual(first);
      expect(before.resources.length).toBeGreaterThan(0);
      expect(after.resources.map((resource) => resource.name)).toEqual(
        before.resources.map((resource) => resource.name),
      );
      expect(after).toEqual(before);
    });
  }

  it("exports a translation with the English file's metadata per key (the source's word wins)", async () => {
    const en = (await parse(readFileSync(join(RES, "values/strings.xml")))).languages.en ?? [];
    const metaOf = new Map(en.map((entry) => [entry.key, entry.meta]));
    for (const folder of ["values-de", "values-ar"]) {
      const xml = readFileSync(join(RES, folder, "strings.xml"), "utf8");
      const language = folder.slice("values-".length);
      const translated = (await parse(xml, language)).languages[language] ?? [];
      const withSourceMeta = translated.map(({ meta: _own, ...entry }): TranslationEntry => {
        const meta = metaOf.get(entry.key);
        return meta ? { ...entry, meta } : entry;
      });
      const [file] = await androidXmlFormat.serialize({ [language]: withSourceMeta }, OUT);
      // Attributes are per key (the English ones win) except fuzzy="true", a state of this string.
      const seen = (written: string) =>
        aaptRead(written).resources.map(({ attributes: { fuzzy }, ...resource }) => ({ ...resource, fuzzy }));
      expect(seen(new TextDecoder().decode(file?.bytes))).toEqual(seen(xml));
    }
  });

  it("keeps the English file's CDATA as CDATA and its tools:ignore", async () => {
    const { first, written } = await roundTrip(readFileSync(join(RES, "values/strings.xml"), "utf8"));
    expect(first.languages.en).toContainEqual({
      key: "page_edit_history_minor_edit",
      value: "<b>m</b> %s",
      meta: { markup: "cdata" },
    } satisfies TranslationEntry);
    expect(written).toContain('<string name="page_edit_history_minor_edit"><![CDATA[<b>m</b> %s]]></string>');
    expect(written).toContain(
      '<string name="app_name_beta" tools:ignore="UnusedResources">Wikipedia Beta</string>',
    );
  });

  it('keeps the 97 translatable="false" strings, including the empty one', async () => {
    const { first } = await roundTrip(readFileSync(join(RES, "values/strings_no_translate.xml"), "utf8"));
    const entries = first.languages.en ?? [];
    expect(entries).toHaveLength(97);
    expect(entries.every((entry) => entry.translatable === false)).toBe(true);
    expect(entries).toContainEqual({ key: "channel", value: "", translatable: false });
    expect(first.warnings).toEqual([]);
  });
});
