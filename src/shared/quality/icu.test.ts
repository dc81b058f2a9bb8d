import { describe, expect, it } from "vitest";
import { requiredCategories } from "./icu.ts";
import { finding, ids } from "./test-helpers.ts";

describe("ICU syntax", () => {
  it("flags a translation that breaks a valid ICU source", () => {
    const source = "{n, plural, one {# file} other {# files}}";
    expect(finding("icu_syntax", source, "{n, plural, one {# Datei} other {# Dateien}")).toEqual({
      id: "icu_syntax",
      severity: "error",
      message: "Not a valid ICU message: a brace is not closed",
    });
    expect(finding("icu_syntax", "Hi {name}", "Hallo {}")?.message).toBe(
      "Not a valid ICU message: empty braces {}",
    );
    expect(finding("icu_syntax", "Hi {name}", "Hallo {vor name}")?.message).toBe(
      "Not a valid ICU message: an argument name is not valid",
    );
  });

  it("checks a source text on its own when it is ICU-shaped", () => {
    expect(ids(undefined, "{count, plural, one {# file} other {# files}", "en")).toEqual(["icu_syntax"]);
    expect(ids(undefined, "Hello {name", "en")).toEqual(["icu_syntax"]);
    expect(finding("icu_syntax", undefined, "{n, plural, one {a} one {b} other {c}}", "en")?.message).toBe(
      "Not a valid ICU message: a plural or select form appears twice",
    );
    // Balanced braces of another syntax are not ICU's business.
    expect(ids(undefined, "Use {} as a placeholder", "en")).toEqual([]);
  });

  it("accepts the other placeholder syntaxes that use braces", () => {
    for (const [source, value] of [
      ["Hi {{name}}", "Hallo {{name}}"],
      ["Hi {{- name, uppercase}}", "Hallo {{- name, uppercase}}"],
      ["%{count} days", "%{count} Tage"],
      ["{user.name} joined", "{user.name} ist beigetreten"],
      ["{amount, float}", "{amount, float}"],
      ["{n, plural, one {{n}} other {{n}s}}", "{n, plural, one {{n}} other {{n}e}}"],
      ["Use '{'braces'}'", "Nutze '{'Klammern'}'"],
    ]) {
      expect(ids(source, value ?? ""), value).toEqual([]);
    }
  });

  it("leaves a translation alone when its source is just as broken", () => {
    expect(ids("Hello {name", "Hallo {name")).toEqual([]);
  });
});

describe("plural forms", () => {
  it("knows each language's CLDR categories in use (not French's millions-only many)", () => {
    expect([...requiredCategories("ru", "cardinal")].sort()).toEqual(["few", "many", "one", "other"]);
    expect([...requiredCategories("ar", "cardinal")].sort()).toEqual([
      "few",
      "many",
      "one",
      "other",
      "two",
      "zero",
    ]);
    expect([...requiredCategories("ja", "cardinal")]).toEqual(["other"]);
    expect([...requiredCategories("fr", "cardinal")].sort()).toEqual(["one", "other"]);
    expect([...requiredCategories("en", "ordinal")].sort()).toEqual(["few", "one", "other", "two"]);
    expect([...requiredCategories("not a language!", "cardinal")]).toEqual(["other"]);
  });

  it("flags the forms a translation's plural lacks for its language", () => {
    const source = "{n, plural, one {# file} other {# files}}";
    expect(finding("plural_forms", source, "{n, plural, one {# файл} other {# файлов}}", "ru")).toEqual({
      id: "plural_forms",
      severity: "error",
      message: "Plural forms missing for Russian: “n” lacks few, many",
    });
    expect(
      ids(source, "{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}", "ru"),
    ).toEqual([]);
    expect(ids(source, "{n, plural, other {# 件のファイル}}", "ja")).toEqual([]);
    expect(ids(source, "{n, plural, one {# fichier} other {# fichiers}}", "fr")).toEqual([]);
  });

  it("requires other, does not count =0 as a category, and looks into nested and ordinal plurals", () => {
    expect(finding("plural_forms", "x", "{n, plural, =0 {keine} one {eine}}")?.message).toBe(
      "Plural forms missing for German: “n” lacks other",
    );
    expect(finding("plural_forms", "x", "{g, select, male {{n, plural, other {#}}} other {}}")?.message).toBe(
      "Plural forms missing for German: “n” lacks one",
    );
    expect(
      finding("plural_forms", undefined, "{p, selectordinal, one {#st} other {#th}}", "en")?.message,
    ).toBe("Plural forms missing for English: “p” lacks two, few");
  });
});
