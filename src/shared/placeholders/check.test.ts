import { describe, expect, it } from "vitest";
import { comparePlaceholders } from "./check.ts";

describe("comparePlaceholders", () => {
  it.each<[string, string]>([
    ["Hello {name}", "Hallo {name}"],
    ["{a} and {b}", "{b} und {a}"],
    ["{count}", "[count]"],
    ["{count}", "%{count}"],
    ["{count}", "{{count}}"],
    ["{count}", "[%count$s]"],
    ["{count}", "%(count)s"],
    ["{count}", "%count%"],
    ["{count, number}", "{count}"],
    ["[count:number]", "{count}"],
    ["%@ %@", "%1$@ %2$@"],
    ["%1$@ %2$@", "%2$@ %1$@"],
    ["%s", "%@"],
    ["%1$s", "[%1$s]"],
    ["%d", "%lld"],
    ["%.2f", "%f"],
    ["{x} {x}", "{x}"],
    ["{x, plural, one {# item} other {# items}}", "{x, plural, one {# Artikel} other {# Artikel}}"],
    ["no placeholders", "keine Platzhalter"],
    ["100%", "100 %"],
    ["", ""],
  ])("%j ≡ %j", (source, translation) => {
    expect(comparePlaceholders(source, translation)).toEqual({ missing: [], extra: [], matches: true });
  });

  it.each<[string, string, string[], string[]]>([
    ["Hello {name}", "Hallo", ["{name}"], []],
    ["Hello", "Hallo {name}", [], ["{name}"]],
    ["{a} {b}", "{a} {c}", ["{b}"], ["{c}"]],
    ["{count}", "{Count}", ["{count}"], ["{Count}"]],
    ["%@ %@", "%@", ["%@"], []],
    ["%1$@ %2$@", "%1$@", ["%2$@"], []],
    ["%@", "%d", ["%@"], ["%d"]],
    ["%1$s", "%1$d", ["%1$s"], ["%1$d"]],
    ["{x} {x, plural, one {a} other {b}}", "{x}", ["{x, plural, one {a} other {b}}"], []],
    ["{g, select, m {he} other {they}}", "{g}", ["{g, select, m {he} other {they}}"], ["{g}"]],
    ["{x, plural, one {# a} other {# b}}", "{x, plural, one {a} other {b}}", ["#"], []],
    ["{name}", "'{name}'", ["{name}"], []],
    ["Hello {name}", "", ["{name}"], []],
  ])("%j vs %j", (source, translation, missing, extra) => {
    expect(comparePlaceholders(source, translation)).toEqual({ missing, extra, matches: false });
  });

  it("counts # in a plural as the plural's argument", () => {
    expect(
      comparePlaceholders("{x} {x, plural, one {a} other {b}}", "{x, plural, one {# a} other {# b}}").matches,
    ).toBe(true);
  });

  it("reports each missing placeholder once, as written in the source", () => {
    expect(comparePlaceholders("{a} {a} [b] %{c}", "").missing).toEqual(["{a}", "[b]", "%{c}"]);
  });
});

describe("plural forms", () => {
  it("numbers printf arguments per form: four Russian forms with %d match two English ones", () => {
    const en = "{count, plural, one {%d file} other {%d files}}";
    const ru = "{count, plural, one {%d файл} few {%d файла} many {%d файлов} other {%d файла}}";
    expect(comparePlaceholders(en, ru)).toEqual({ missing: [], extra: [], matches: true });
    expect(comparePlaceholders(en, "{count, plural, one {файл} other {%d файлов}}").matches).toBe(true);
    expect(comparePlaceholders("%d of %d", "%d").matches).toBe(false);
  });
});
