import { describe, expect, it } from "vitest";
import { comparePlaceholders, fixPlaceholders } from "./check.ts";

describe("fixPlaceholders", () => {
  it.each<[string, string, string]>([
    // already right: untouched
    ["Hello {name}", "Hallo {name}", "Hallo {name}"],
    ["%@ %@", "%2$@ %1$@", "%2$@ %1$@"],
    [
      "{x, plural, one {# a} other {# b}}",
      "{x, plural, one {# A} other {# B}}",
      "{x, plural, one {# A} other {# B}}",
    ],
    // another syntax: rewritten to the source's
    ["Hello {name}", "Hallo %{name}", "Hallo {name}"],
    ["Hello {name}", "Hallo [name] und {{name}}", "Hallo {name} und {name}"],
    ["Hello [name]", "Hallo {name}", "Hallo [name]"],
    ["%1$s", "[%1$s]", "%1$s"],
    // missing: appended after a space
    ["Hello {name}", "Hallo", "Hallo {name}"],
    ["Hello {name}", "", "{name}"],
    ["Hello {name}", "Hallo\n", "Hallo\n{name}"],
    ["{a} and {b}", "{b}", "{b} {a}"],
    ["%1$@ of %2$@", "%1$@", "%1$@ %2$@"],
    [
      "{x} current {x, plural, one {visitor} other {visitors}}",
      "{x} текущих",
      "{x} текущих {x, plural, one {visitor} other {visitors}}",
    ],
    [
      "{x, plural, one {# a} other {# b}}",
      "{x, plural, one {a} other {b}}",
      "{x, plural, one {a} other {b}} {x}",
    ],
    // extra: removed, with the space it leaves
    ["Hello", "Hallo {name}", "Hallo"],
    ["Share", "Teilen {target}.", "Teilen."],
    ["{a}", "{a} {b} {c}", "{a}"],
    ["{a}", "{b} then {a}", "then {a}"],
    // both
    ["{a} {b}", "{a} {c}", "{a} {b}"],
    // unnumbered printf: dropping one shifts the next
    ["%@ and %@", "%d and %@", "and %@ %@"],
    ["%@ and %@", "%@ and %d", "%@ and %@"],
    ["%1$@ and %2$@", "%2$@", "%2$@ %1$@"],
    ["%@ %@", "%1$@", "%1$@ %2$@"],
  ])("(%j, %j) → %j", (source, translation, expected) => {
    const fixed = fixPlaceholders(source, translation);
    expect(fixed).toBe(expected);
    expect(comparePlaceholders(source, fixed).matches).toBe(true);
    expect(fixPlaceholders(source, fixed)).toBe(fixed);
  });

  it("fixes translations whose removals create new placeholders", () => {
    const source = "plain";
    for (const translation of ["%[x]d", "{{a}}%[b]s", "[[x]]", "%{a}d"]) {
      const fixed = fixPlaceholders(source, translation);
      expect(comparePlaceholders(source, fixed).matches, translation).toBe(true);
      expect(fixPlaceholders(source, fixed)).toBe(fixed);
    }
  });

  it("fixes a translation whose stray opening brace would swallow what is appended after it", () => {
    // Found by the quality checks' property test (seed 1219979967): `{ ß.` never closes, so every
    // `{ äa }` appended after it was read as part of one unclosed brace.
    for (const [source, translation] of [
      ["{ äa } a.", "{ ß."],
      ["{name} is here", "Hallo { Welt"],
      ["Hello {name}", "x { {"],
    ] as const) {
      const fixed = fixPlaceholders(source, translation);
      expect(comparePlaceholders(source, fixed).matches, `${translation} → ${fixed}`).toBe(true);
      expect(fixPlaceholders(source, fixed)).toBe(fixed);
    }
  });
});
