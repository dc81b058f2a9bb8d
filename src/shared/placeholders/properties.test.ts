import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PlaceholderFormat } from "../schemas/projects.ts";
import { comparePlaceholders, fixPlaceholders } from "./check.ts";
import { convertPlaceholders } from "./convert.ts";
import { detectPlaceholders, isBlockKind } from "./detect.ts";
import { placeholderIdentity } from "./identity.ts";

const NAMED_FORMATS: readonly PlaceholderFormat[] = ["web", "unified", "lokalise"];
const POSITIONAL_FORMATS: readonly PlaceholderFormat[] = ["ios", "android"];

/** `arg1`… are reserved: converting positional text to named formats produces them. */
const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/).filter((n) => !/^arg\d+$/.test(n));
const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}[.,!?:]?$/);
const symfonyName = name.filter((n) => n.length >= 2 && !/^(hh|h|ll|l|q|z|t|j|L)?[@sdiufFeEgGxXc]$/.test(n));

const named = fc.oneof(
  name.map((n) => `{${n}}`),
  name.map((n) => `{${n}, number}`),
  name.map((n) => `{${n}, date}`),
  name.map((n) => `[${n}]`),
  name.map((n) => `[${n}:number]`),
  name.map((n) => `%{${n}}`),
  name.map((n) => `{{${n}}}`),
  name.map((n) => `[%${n}$s]`),
  name.map((n) => `%(${n})s`),
  symfonyName.map((n) => `%${n}%`),
  name.map((n) => `%#@${n}@`),
);

const printf = fc.oneof(
  fc.constantFrom("%@", "%s", "%d", "%i", "%u", "%f", "%.2f", "%lld", "%ld", "%x"),
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.constantFrom("s", "@", "d", "f", ".1f"))
    .map(([i, c]) => `%${i}$${c}`),
  fc.tuple(fc.integer({ min: 1, max: 9 }), fc.constantFrom("s", "d")).map(([i, c]) => `[%${i}$${c}]`),
);

const sentence = (token: fc.Arbitrary<string>) =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 2, arbitrary: token }), { maxLength: 12 })
    .map((parts) => parts.join(" "));

const plural = fc
  .tuple(name, sentence(named), sentence(word), fc.boolean())
  .map(([n, one, other, pound]) => `{${n}, plural, one {${pound ? "# " : ""}${one}} other {${other}}}`);

const namedText = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: word },
      { weight: 3, arbitrary: named },
      { weight: 1, arbitrary: plural },
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(" "));
const positionalText = fc
  .array(fc.oneof(word, named, printf), { maxLength: 14 })
  .map((parts) => parts.join(" "));
const anyText = fc.oneof(namedText, positionalText);
/** Junk made of the characters placeholders are made of. */
const junk = fc
  .array(
    fc.constantFrom(
      "%",
      "{",
      "}",
      "[",
      "]",
      "$",
      "1",
      "2",
      "s",
      "d",
      "@",
      "a",
      "b",
      " ",
      "'",
      "#",
      "(",
      ")",
      "<",
      ">",
      ",",
      "plural",
      "one",
      "other",
      "number",
      "{{",
      "}}",
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(""));

const identities = (text: string) => new Set(detectPlaceholders(text).map(placeholderIdentity));
const leafIdentityCount = (text: string) =>
  new Set(
    detectPlaceholders(text)
      .filter((p) => !isBlockKind(p.kind) && p.kind !== "icu-pound")
      .map(placeholderIdentity),
  ).size;

const runs = { numRuns: 300 };

describe("properties", () => {
  it("converting to a named format keeps the placeholder identities", () => {
    fc.assert(
      fc.property(namedText, fc.constantFrom(...NAMED_FORMATS), (text, format) => {
        expect(identities(convertPlaceholders(text, format))).toEqual(identities(text));
      }),
      runs,
    );
  });

  it("converting to a positional format keeps the number of placeholders", () => {
    fc.assert(
      fc.property(positionalText, fc.constantFrom(...POSITIONAL_FORMATS), (text, format) => {
        expect(leafIdentityCount(convertPlaceholders(text, format))).toBe(leafIdentityCount(text));
      }),
      runs,
    );
  });

  it("converting is idempotent", () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...NAMED_FORMATS, ...POSITIONAL_FORMATS), (text, format) => {
        const once = convertPlaceholders(text, format);
        expect(convertPlaceholders(once, format)).toBe(once);
      }),
      runs,
    );
  });

  it("a text always matches itself", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, junk, fc.string()), (text) => {
        expect(comparePlaceholders(text, text)).toEqual({ missing: [], extra: [], matches: true });
      }),
      runs,
    );
  });

  it("fixing always matches and is idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, junk), fc.oneof(anyText, junk, fc.string()), (source, translation) => {
        const fixed = fixPlaceholders(source, translation);
        expect(comparePlaceholders(source, fixed).matches).toBe(true);
        expect(fixPlaceholders(source, fixed)).toBe(fixed);
      }),
      { numRuns: 500 },
    );
  });

  it("fixing a matching translation written in the same syntax changes nothing", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(fixPlaceholders(text, text)).toBe(text);
      }),
      runs,
    );
  });

  it("detected offsets slice back to raw", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, junk), (text) => {
        for (const p of detectPlaceholders(text)) expect(text.slice(p.start, p.end)).toBe(p.raw);
      }),
      runs,
    );
  });
});
