import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import fc from "fast-check";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import {
  classifyPluralGroup,
  entryToValue,
  escapeIcuBranch,
  icuToPlurals,
  pluralCategoriesOf,
  pluralsToIcu,
  valueToEntry,
} from "./plurals.ts";
import { PLURAL_CATEGORIES, type PluralCategory, type PluralForms } from "./types.ts";

/** Text rich in the characters ICU treats specially. */
const trickyText = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("'", "{", "}", "#", "<", ">", "|", " ", "a", "é", "\n") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 24,
});

const formsArbitrary: fc.Arbitrary<PluralForms> = fc
  .record(
    Object.fromEntries(PLURAL_CATEGORIES.map((category) => [category, trickyText])) as Record<
      PluralCategory,
      fc.Arbitrary<string>
    >,
    { requiredKeys: [] },
  )
  .filter((forms) => Object.keys(forms).length > 0);

function render(message: string, count: number, locale = "en"): string {
  return String(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).format({ count }));
}

describe("pluralsToIcu / icuToPlurals", () => {
  it("writes categories in CLDR order with the variable", () => {
    expect(pluralsToIcu({ other: "# files", one: "# file" })).toBe(
      "{count, plural, one {# file} other {# files}}",
    );
    expect(pluralsToIcu({ one: "a", other: "b" }, "n")).toBe("{n, plural, one {a} other {b}}");
    expect(pluralsToIcu({ one: "a", other: "b" }, "bad name")).toBe("{count, plural, one {a} other {b}}");
    expect(pluralsToIcu({})).toBe("");
  });

  it("quotes braces and apostrophes so ICU renders the text as written", () => {
    const icu = pluralsToIcu({ one: "{{count}} Camera", other: "{{count}} Cameras" });
    expect(icu).toBe("{count, plural, one {'{{'count'}}' Camera} other {'{{'count'}}' Cameras}}");
    expect(render(icu, 1)).toBe("{{count}} Camera");
    expect(render(icu, 5)).toBe("{{count}} Cameras");
    const apostrophes = pluralsToIcu({ one: "Don't {x}'", other: "It''s '#' and '{'" });
    expect(icuToPlurals(apostrophes)?.forms).toEqual({ one: "Don't {x}'", other: "It''s '#' and '{'" });
    expect(render(apostrophes, 1)).toBe("Don't {x}'");
    // Only the apostrophes ICU would misread are doubled: "Don't" stays readable.
    expect(escapeIcuBranch("Don't")).toBe("Don't");
    expect(escapeIcuBranch("end'")).toBe("end''");
  });

  it("keeps # as the plural's number", () => {
    const icu = pluralsToIcu({ one: "# file", other: "# files" });
    expect(render(icu, 1)).toBe("1 file");
    expect(render(icu, 1234)).toBe("1,234 files");
    expect(icuToPlurals(icu)).toEqual({ variable: "count", forms: { one: "# file", other: "# files" } });
  });

  it("forms → ICU → forms gives the same forms (fast-check)", () => {
    fc.assert(
      fc.property(formsArbitrary, fc.constantFrom("count", "n", "numFiles"), (forms, variable) => {
        const icu = pluralsToIcu(forms, variable);
        expect(icuToPlurals(icu)).toEqual({ variable, forms });
      }),
      { numRuns: 500 },
    );
  });

  it("the ICU renders each form literally, # as the number (fast-check, intl-messageformat)", () => {
    const rules = new Intl.PluralRules("en");
    fc.assert(
      fc.property(trickyText, trickyText, fc.integer({ min: 0, max: 20 }), (one, other, count) => {
        const icu = pluralsToIcu({ one, other });
        const form = rules.select(count) === "one" ? one : other;
        expect(render(icu, count)).toBe(form.split("#").join(String(count)));
      }),
      { numRuns: 300 },
    );
  });

  it("ICU → forms → ICU keeps the message's meaning for simple plurals", () => {
    for (const message of [
      "{count, plural, one {# file} other {# files}}",
      "{n,plural,zero{none}one{one '{'x'}'}other{many}}",
      "{count, plural, other {it's {count}'s}}".replace("{count}'s", "'{count}'s"),
    ]) {
      const plural = icuToPlurals(message);
      expect(plural).toBeDefined();
      if (plural === undefined) continue;
      const again = pluralsToIcu(plural.forms, plural.variable);
      const strip = (m: string) =>
        JSON.stringify(parse(m, { ignoreTag: true }), (k, v) => (k === "location" ? undefined : v));
      expect(strip(again)).toBe(strip(message));
    }
  });

  it("leaves anything but one simple top-level plural alone", () => {
    for (const message of [
      "",
      "Save",
      "{x} {x, plural, one {record} other {records}}",
      "{count, plural, =0 {none} other {# files}}",
      "{count, plural, offset:1 one {a} other {b}}",
      "{count, selectordinal, one {#st} other {#th}}",
      "{g, select, male {he} other {they}}",
      "{count, plural, one {{name} has # file} other {{name} has # files}}",
      "{count, plural, one {a {n, plural, one {x} other {y}}} other {b}}",
      "{count, plural, one {Item '#'1} other {Items}}",
      "{count, plural, one {unclosed",
    ]) {
      expect(icuToPlurals(message)).toBeUndefined();
      expect(valueToEntry("k", message)).toEqual({ key: "k", value: message });
    }
  });

  it("entryToValue and valueToEntry convert between stored ICU and entries", () => {
    const entry = { key: "files", plurals: { one: "%d file", other: "%d files" }, pluralVariable: "n" };
    const value = entryToValue(entry);
    expect(value).toBe("{n, plural, one {%d file} other {%d files}}");
    expect(valueToEntry("files", value)).toEqual({ ...entry, pluralMessage: value });
    expect(entryToValue({ key: "a", value: "Hello" })).toBe("Hello");
    expect(entryToValue({ key: "a" })).toBe("");
    expect(entryToValue({ key: "a", plurals: { one: "x", other: "y" } })).toBe(
      "{count, plural, one {x} other {y}}",
    );
  });

  it("a stored ICU message is written back as it is, not re-serialized (issue 33)", () => {
    for (const stored of [
      "{count, plural, one {# file} other {# files} }",
      "{count,plural,one{# file}other{# files}}",
      "{ n, plural,\n  one {# item}\n  other {# items}\n}",
    ]) {
      const entry = valueToEntry("k", stored);
      expect(entry.plurals).toBeDefined();
      expect(entryToValue(entry)).toBe(stored);
    }
  });

  it("icuToPlurals reads plurals without `other` (files that forgot it)", () => {
    const icu = pluralsToIcu({ one: "год", few: "года", many: "лет" });
    expect(icuToPlurals(icu)?.forms).toEqual({ one: "год", few: "года", many: "лет" });
    expect(parse(icu, { ignoreTag: true, requiresOtherClause: false })[0]?.type).toBe(TYPE.plural);
  });
});

describe("classifyPluralGroup", () => {
  const of = (...categories: PluralCategory[]) => new Set(categories);

  it("knows the languages' categories", () => {
    expect([...(pluralCategoriesOf("ru") ?? [])].sort()).toEqual(["few", "many", "one", "other"]);
    expect(pluralCategoriesOf("qq")).toBeUndefined();
  });

  it("accepts complete and near-complete plurals", () => {
    expect(classifyPluralGroup(of("one", "other"), "en")).toEqual({ plural: true, missing: [] });
    expect(classifyPluralGroup(of("other"), "ja")).toEqual({ plural: true, missing: [] });
    expect(classifyPluralGroup(of("one", "other"), "ar")).toMatchObject({ plural: true });
    expect(classifyPluralGroup(of("one", "few", "many"), "ru")).toEqual({ plural: true, missing: ["other"] });
    expect(classifyPluralGroup(of("zero", "one", "two", "few", "many"), "ar")).toMatchObject({
      plural: true,
    });
    expect(classifyPluralGroup(of("one", "other"), "qq")).toMatchObject({ plural: true });
  });

  it("rejects look-alikes (excalidraw's _one/_many, a lone _other, a lone _one)", () => {
    for (const language of ["en", "de", "ru", "ar", "ja", "zh", "fr", "he", "qq"]) {
      expect(classifyPluralGroup(of("one", "many"), language).plural).toBe(false);
      expect(classifyPluralGroup(of("one"), language).plural).toBe(false);
      expect(classifyPluralGroup(of("many"), language).plural).toBe(false);
    }
    expect(classifyPluralGroup(of("other"), "en").plural).toBe(false);
    expect(classifyPluralGroup(of("one", "two"), "he").plural).toBe(false);
    expect(classifyPluralGroup(of("one", "few"), "ru").plural).toBe(false);
  });
});
