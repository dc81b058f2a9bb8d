// Whatever entries .strings and .stringsdict can hold come back from serialize → parse unchanged:
// keys with spaces at the ends, quotes, backslashes and line breaks, empty values, comments,
// plurals, variable names, the order; plurals never leak into .strings.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringsFormat } from "./strings.ts";
import { stringsdictFormat } from "./stringsdict.ts";
import type { FormatDefinition, SerializeOptions, TranslationEntry } from "./types.ts";

const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };
const OPTIONS = { language: "de", sourceLanguage: "en" };

const CHARS = [
  "a",
  "Z",
  "1",
  " ",
  '"',
  "'",
  "\\",
  "\n",
  "\t",
  "%",
  "@",
  "/",
  "*",
  "=",
  ";",
  "é",
  "😀",
  "&",
  "<",
];
const textOf = (minLength: number) =>
  fc.string({ unit: fc.constantFrom(...CHARS), minLength, maxLength: 12 });
/** Comments are read trimmed; `*\/` would end a .strings comment and `--` is not allowed in XML ones. */
const comment = fc
  .string({ unit: fc.constantFrom("a", "b", " ", "\n", '"', "%", "é", "😀", "/", "*"), maxLength: 16 })
  .map((text) => text.trim())
  .filter((text) => text !== "" && !text.includes("*/") && !text.includes("/*"));

async function roundTrip(format: FormatDefinition, entries: TranslationEntry[], fileMeta = {}) {
  const files = await format.serialize({ de: entries }, { ...OUT, fileMeta: { de: fileMeta } });
  const parsed = await format.parse(files[0]?.bytes ?? new Uint8Array(), OPTIONS);
  return { parsed, text: new TextDecoder().decode(files[0]?.bytes) };
}

describe("iOS .strings: any entries survive serialize → parse", () => {
  const entry = fc.record(
    { key: textOf(0), value: textOf(0), comment: comment },
    { requiredKeys: ["key", "value"] },
  ) as fc.Arbitrary<TranslationEntry>;
  const plural = fc.record({
    key: textOf(1),
    plurals: fc.record({ one: textOf(0), other: textOf(0) }),
  }) as fc.Arbitrary<TranslationEntry>;

  it("keeps keys, values, empty values, comments, order and the header; leaves plurals out", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.oneof(entry, entry, plural), { maxLength: 8, selector: (item) => item.key }),
        fc.option(comment, { nil: undefined }),
        async (entries, header) => {
          const { parsed } = await roundTrip(stringsFormat, entries, header ? { headerComment: header } : {});
          // A value that happens to be an ICU plural message is flagged as such; none are generated.
          expect(parsed.languages.de).toEqual(entries.filter((item) => item.plurals === undefined));
          expect(parsed.fileMeta).toEqual(header ? { de: { headerComment: header } } : undefined);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("iOS .stringsdict: any plural entries survive serialize → parse", () => {
  const variable = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
  const entry = fc.record(
    {
      key: textOf(1),
      plurals: fc.record(
        { zero: textOf(0), one: textOf(0), few: textOf(0), other: textOf(0) },
        { requiredKeys: ["other"] },
      ),
      pluralVariable: variable,
      comment: comment.filter((text) => !text.includes("-")),
    },
    { requiredKeys: ["key", "plurals", "pluralVariable"] },
  ) as fc.Arbitrary<TranslationEntry>;

  it("keeps keys, forms, empty forms, variable names, comments and order, again with its metadata", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(entry, { maxLength: 6, selector: (item) => item.key }),
        async (entries) => {
          const first = await roundTrip(stringsdictFormat, entries);
          expect(first.parsed.languages.de).toEqual(entries);
          expect(first.parsed.warnings).toEqual([]);
          const second = await roundTrip(
            stringsdictFormat,
            first.parsed.languages.de ?? [],
            first.parsed.fileMeta?.de ?? {},
          );
          expect(second.text).toBe(first.text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
