import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../languages.ts";
import { compileFormula, indexCategories, parsePluralForms, pluralFormsFor } from "./po-plural-forms.ts";
import type { PluralCategory } from "./types.ts";

describe("gettext PO: Plural-Forms", () => {
  it("evaluates formulas like C does", () => {
    const ar = compileFormula(
      "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 && n%100<=99 ? 4 : 5",
    );
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(ar)).toEqual([0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4]);
    expect([0, 1, 2].map(compileFormula("(n != 1)"))).toEqual([1, 0, 1]);
    expect([0, 1, 2].map(compileFormula("n>1"))).toEqual([0, 0, 1]);
    expect([0, 1].map(compileFormula("0"))).toEqual([0, 0]);
    expect(compileFormula("!(n == 1) + 2 * 3 - 6 / 4")(1)).toBe(5);
  });

  it("refuses anything that is not a plural formula", () => {
    for (const bad of [
      "alert(1)",
      "n; process.exit()",
      "n ? 1",
      "(n",
      "n / 0",
      "n ==",
      "x",
      `${"(".repeat(200)}n${")".repeat(200)}`,
    ]) {
      expect(() => compileFormula(bad), bad).toThrow();
    }
    expect(parsePluralForms("nplurals=9; plural=n;")).toBeUndefined();
    expect(parsePluralForms("nplurals=INTEGER; plural=EXPRESSION;")).toBeUndefined();
  });

  it("maps gettext indexes to CLDR categories", () => {
    const categories = (header: string, language: string) => {
      const forms = parsePluralForms(header);
      if (!forms) throw new Error(header);
      return indexCategories(forms.nplurals, forms.formula, language);
    };
    expect(categories(pluralFormsFor("ar"), "ar")).toEqual([
      ["zero"],
      ["one"],
      ["two"],
      ["few"],
      ["many"],
      ["other"],
    ]);
    expect(categories(pluralFormsFor("ru"), "ru")).toEqual([["one"], ["few"], ["many", "other"]]);
    expect(categories(pluralFormsFor("ja"), "ja")).toEqual([["other"]]);
    expect(categories(pluralFormsFor("fr"), "fr")).toEqual([["one"], ["other"]]);
    expect(categories(pluralFormsFor("cs"), "cs")).toEqual([["one"], ["few"], ["other"]]);
  });

  it("has a Plural-Forms for every catalogue language that matches its CLDR rules on integers", () => {
    const mismatches: string[] = [];
    for (const { code } of LANGUAGES) {
      const forms = parsePluralForms(pluralFormsFor(code));
      if (!forms) {
        mismatches.push(`${code}: no Plural-Forms`);
        continue;
      }
      const rules = new Intl.PluralRules(code);
      const byIndex = indexCategories(forms.nplurals, forms.formula, code);
      // Every index stands for a category, and every integer's category is one its index stands for.
      if (byIndex.some((names) => names.length === 0)) mismatches.push(`${code}: an index without category`);
      for (let n = 0; n <= 1000; n++) {
        const category = rules.select(n) as PluralCategory;
        if (!(byIndex[forms.formula(n)] ?? []).includes(category))
          mismatches.push(`${code}: n=${n} is ${category}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
