// The placeholder checker on real localization files with real placeholder errors
// (/work/shared/corpus, see its README), read by the small regex readers of tests/helpers/corpus-readers.ts.
import { describe, expect, it } from "vitest";
import {
  parseAndroid,
  parsePo,
  parseStrings,
  parseXliff,
  parseYamlScalars,
  readCorpus as read,
  readJson,
} from "../../../tests/helpers/corpus-readers.ts";
import { comparePlaceholders, fixPlaceholders } from "./check.ts";
import { detectPlaceholders } from "./detect.ts";

type Pair = { key: string; source: string; translation: string };

/** Pairs of non-empty source and translation for the keys both sides have. */
function pairs(source: ReadonlyMap<string, string>, translation: ReadonlyMap<string, string>): Pair[] {
  const out: Pair[] = [];
  for (const [key, value] of translation) {
    const sourceValue = source.get(key);
    if (sourceValue && value) out.push({ key, source: sourceValue, translation: value });
  }
  return out;
}

function flagged(list: readonly Pair[]): Map<string, ReturnType<typeof comparePlaceholders>> {
  const result = new Map<string, ReturnType<typeof comparePlaceholders>>();
  for (const pair of list) {
    const check = comparePlaceholders(pair.source, pair.translation);
    if (!check.matches) result.set(pair.key, check);
  }
  return result;
}

/** Every pair can be fixed, and the fix is stable. */
function expectFixable(list: readonly Pair[]): void {
  for (const pair of list) {
    const fixed = fixPlaceholders(pair.source, pair.translation);
    expect(comparePlaceholders(pair.source, fixed).matches, pair.key).toBe(true);
    expect(fixPlaceholders(pair.source, fixed), pair.key).toBe(fixed);
  }
}

const map = (record: Record<string, string>) => new Map(Object.entries(record));

describe("json-flat/umami (ICU, FormatJS)", () => {
  const dir = "json-flat/umami/src/lang";
  const en = map(readJson(`${dir}/en-US.json`));

  it("flags ru dropping a plural and {confirmation}, and adding {target}", () => {
    const ru = flagged(pairs(en, map(readJson(`${dir}/ru-RU.json`))));
    expect(ru.get("message.active-users")).toEqual({
      missing: ["{x, plural, one {visitor} other {visitors}}"],
      extra: [],
      matches: false,
    });
    expect(ru.get("message.reset-website")).toEqual({
      missing: ["{confirmation}"],
      extra: [],
      matches: false,
    });
    expect(ru.get("message.share-url")?.extra).toEqual(["{target}"]);
    expect([...ru.keys()].sort()).toEqual([
      "message.active-users",
      "message.reset-website",
      "message.share-url",
    ]);
  });

  it("flags he adding {target}", () => {
    const he = flagged(pairs(en, map(readJson(`${dir}/he-IL.json`))));
    expect([...he.keys()]).toEqual(["message.share-url"]);
    expect(he.get("message.share-url")).toEqual({ missing: [], extra: ["{target}"], matches: false });
  });

  it.each(["de-DE", "ar-SA", "ja-JP"])("finds %s consistent, plurals included", (language) => {
    const list = pairs(en, map(readJson(`${dir}/${language}.json`)));
    expect(list.length).toBeGreaterThan(300);
    expect([...flagged(list).keys()]).toEqual([]);
  });

  it("reads the plural and the plain argument of the same name as two placeholders", () => {
    const found = detectPlaceholders(en.get("label.number-of-records") ?? "");
    expect(found.map((p) => [p.kind, p.name])).toEqual([
      ["icu", "x"],
      ["icu-plural", "x"],
    ]);
  });

  it("fixes every ru and he pair", () => {
    expectFixable(pairs(en, map(readJson(`${dir}/ru-RU.json`))));
    expectFixable(pairs(en, map(readJson(`${dir}/he-IL.json`))));
  });
});

describe("ios-strings/Loop (printf %@, %1$@)", () => {
  const dir = "ios-strings/Loop/Loop";
  const en = parseStrings(read(`${dir}/en.lproj/Localizable.strings`));
  const base = parseStrings(read(`${dir}/Base.lproj/Localizable.strings`));
  /** Keys are the English text when no English value exists (Apple's convention). */
  const sourceOf = (language: string) => {
    const translation = parseStrings(read(`${dir}/${language}.lproj/Localizable.strings`));
    const source = new Map([...translation.keys()].map((key) => [key, en.get(key) ?? base.get(key) ?? key]));
    return pairs(source, translation);
  };

  it("parses the files", () => {
    expect(en.get("%@ %@")).toBe("%1$@ %2$@");
    expect(en.get("prediction-description-retrospective-correction")).toBe(
      "Predicted: %1$@\nActual: %2$@ (%3$@)",
    );
  });

  it("treats %@ %@ and %1$@ %2$@ as the same placeholders", () => {
    expect(comparePlaceholders("%@ %@", "%1$@ %2$@").matches).toBe(true);
  });

  it("flags the placeholders dropped in ar", () => {
    const ar = flagged(sourceOf("ar"));
    expect(ar.get("Unknown Error: %1$@")).toEqual({ missing: ["%1$@"], extra: [], matches: false });
    expect(ar.size).toBeLessThanOrEqual(3);
  });

  it("flags the placeholders dropped in ru", () => {
    const ru = flagged(sourceOf("ru"));
    expect(ru.get("Bolusing %1$@")?.missing).toEqual(["%1$@"]);
    expect(ru.get("prediction-description-integral-retrospective-correction")?.missing).toEqual([
      "%1$@",
      "%2$@",
    ]);
  });

  it.each(["ar", "ru", "de", "he", "ja"])(
    "finds the overwhelming majority of %s consistent and fixable",
    (language) => {
      const list = sourceOf(language);
      expect(list.length).toBeGreaterThan(100);
      expect(flagged(list).size / list.length).toBeLessThan(0.05);
      expectFixable(list);
    },
  );
});

describe("android-strings-xml/apps-android-wikipedia (%s, %1$d)", () => {
  const dir = "android-strings-xml/apps-android-wikipedia/app/src/main/res";
  const en = parseAndroid(read(`${dir}/values/strings.xml`));

  it("detects positional and unnumbered printf", () => {
    expect(
      detectPlaceholders(en.get("page_edit_history_metrics_content_description") ?? "").map((p) => p.raw),
    ).toEqual(["%1$s", "%2$s"]);
    expect(detectPlaceholders(en.get("history_items_deleted") ?? "").map((p) => [p.raw, p.index])).toEqual([
      ["%d", 1],
    ]);
    const withPrintf = [...en.values()].filter((value) => /%(\d\$)?[sd]/.test(value));
    expect(withPrintf.length).toBeGreaterThan(100);
    for (const value of withPrintf) expect(detectPlaceholders(value).length, value).toBeGreaterThan(0);
  });

  it.each(["de", "ru", "ar", "iw", "ja"])("finds values-%s consistent with values", (language) => {
    const list = pairs(en, parseAndroid(read(`${dir}/values-${language}/strings.xml`)));
    expect(list.length).toBeGreaterThan(1500);
    expect(flagged(list).size / list.length).toBeLessThan(0.01);
  });

  it("flags an invented or dropped argument", () => {
    const source = en.get("page_edit_history_metrics_content_description") ?? "";
    expect(comparePlaceholders(source, "Metriken von %1$s").missing).toEqual(["%2$s"]);
    expect(comparePlaceholders(source, "Metriken von %1$s bis %2$d").matches).toBe(false);
  });
});

describe("gettext-po/django-admin (%s, %(name)s)", () => {
  const po = (language: string) =>
    parsePo(read(`gettext-po/django-admin/django/contrib/admin/locale/${language}/LC_MESSAGES/djangojs.po`));
  const asPairs = (entries: ReadonlyMap<string, string>) =>
    pairs(new Map([...entries.keys()].map((id) => [id, id])), entries);

  it("detects Python named placeholders", () => {
    expect(detectPlaceholders("%(sel)s of %(cnt)s selected").map((p) => [p.kind, p.name])).toEqual([
      ["python", "sel"],
      ["python", "cnt"],
    ]);
  });

  it("flags the ar msgstr[0] that drops %(sel)s and %(cnt)s", () => {
    const ar = flagged(asPairs(po("ar")));
    expect(ar.get("%(sel)s of %(cnt)s selected")).toEqual({
      missing: ["%(sel)s", "%(cnt)s"],
      extra: [],
      matches: false,
    });
  });

  it.each(["de", "ru", "ja"])("finds %s consistent", (language) => {
    const list = asPairs(po(language));
    expect(list.length).toBeGreaterThan(30);
    expect([...flagged(list).keys()]).toEqual([]);
  });
});

describe("xliff-1.2/symfony-security (%minutes%)", () => {
  const xliff = (language: string) =>
    [
      ...parseXliff(
        read(
          `xliff-1.2/symfony-security/src/Symfony/Component/Security/Core/Resources/translations/security.${language}.xlf`,
        ),
      ),
    ]
      .map(([key, [source, translation]]) => ({ key, source, translation }))
      .filter((pair) => pair.source && pair.translation);

  it("detects %minutes% as one named placeholder", () => {
    const unit = xliff("de").find((pair) => pair.key === "20");
    expect(detectPlaceholders(unit?.source ?? "").map((p) => [p.kind, p.name])).toEqual([
      ["symfony", "minutes"],
    ]);
  });

  it.each(["de", "ru", "ar", "ja"])("finds %s consistent", (language) => {
    const list = xliff(language);
    expect(list.length).toBeGreaterThan(15);
    expect([...flagged(list).keys()]).toEqual([]);
  });
});

describe("yaml/rails-i18n (%{count}, strftime)", () => {
  const yaml = (language: string) => parseYamlScalars(read(`yaml/rails-i18n/rails/locale/${language}.yml`));
  const en = yaml("en");

  it("detects every %{name} as a Ruby placeholder", () => {
    const values = [...en.values()].filter((value) => value.includes("%{"));
    expect(values.length).toBeGreaterThan(30);
    for (const value of values) {
      const names = [...value.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]);
      const found = detectPlaceholders(value).filter((p) => p.kind === "ruby");
      expect(
        found.map((p) => p.name),
        value,
      ).toEqual(names);
    }
    expect(comparePlaceholders("about %{count} hours", "около %{count} часов").matches).toBe(true);
  });

  it("reads strftime formats as printf only where printf-shaped", () => {
    expect(en.get("date.formats.default")).toBe("%Y-%m-%d");
    expect(detectPlaceholders("%Y-%m-%d").map((p) => p.raw)).toEqual(["%d"]);
    expect(detectPlaceholders("%a, %d %b %Y %H:%M:%S %z").map((p) => p.raw)).toEqual(["%d"]);
    expect(detectPlaceholders("%n %u").map((p) => p.raw)).toEqual(["%u"]);
  });

  it("flags translations that spell out a one-count instead of %{count}", () => {
    const de = flagged(pairs(en, yaml("de")));
    expect(de.get("datetime.distance_in_words.x_days.one")?.missing).toEqual(["%{count}"]);
    const ru = flagged(pairs(en, yaml("ru")));
    expect(ru.get("datetime.distance_in_words.less_than_x_minutes.one")?.extra).toEqual(["%{count}"]);
  });

  it("every pair is fixable", () => {
    for (const language of ["de", "ru", "ar", "ja", "he", "pl"]) expectFixable(pairs(en, yaml(language)));
  });
});
