// Property: whatever entries Sprog holds, writing them as Android XML and reading the file back
// gives the same keys, values, plurals, comments, translatable flags and fuzzy states, in the same order, and
// an aapt2-style reader (android-test-fixtures.ts) reads the same text Sprog does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aaptRead } from "./android-test-fixtures.ts";
import { androidXmlFormat } from "./android-xml.ts";
import { PLURAL_CATEGORIES, type PluralForms, type TranslationEntry } from "./types.ts";

const OUT = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

/** Text with what Android and XML escape: quotes, backslashes, `&`, `<`, tags, `@`/`?`, spaces. */
const text = fc.string({
  unit: fc.constantFrom(
    "a",
    "Z",
    "1",
    " ",
    "  ",
    "'",
    '"',
    "\\",
    "&",
    "&amp;",
    "<",
    ">",
    "<b>",
    "</b>",
    "]]>",
    "\n",
    "\t",
    "\r",
    "@",
    "?",
    "%1$s",
    "%d",
    "é",
    "😀",
    "/",
  ),
  maxLength: 12,
});

/** Comments come back trimmed; `--` cannot be in one, so dashes are left out here. */
const comment = fc
  .string({ unit: fc.constantFrom("a", "B", " ", "'", '"', "&", "<", ">", "\n", "é", "@"), maxLength: 10 })
  .map((value) => value.trim())
  .filter((value) => value !== "");

const plurals = fc.record({ other: text }, { requiredKeys: ["other"] }).chain((required) =>
  fc
    .subarray(PLURAL_CATEGORIES.filter((category) => category !== "other"))
    .chain((categories) => fc.tuple(...categories.map((category) => text.map((form) => [category, form]))))
    .map((forms): PluralForms => ({ ...Object.fromEntries(forms), ...required })),
);

const entry = (key: string) =>
  fc
    .record(
      {
        value: text,
        plurals,
        isPlural: fc.boolean(),
        comment,
        translatable: fc.constant(false),
        state: fc.constant("fuzzy"),
      },
      { requiredKeys: ["value", "plurals", "isPlural"] },
    )
    .map(({ value, plurals: forms, isPlural, comment: note, translatable, state }): TranslationEntry => {
      const result: TranslationEntry = isPlural ? { key, plurals: forms } : { key, value };
      if (note !== undefined) result.comment = note;
      if (translatable !== undefined) result.translatable = translatable;
      if (state !== undefined) result.state = state;
      return result;
    });

const entries = fc
  .uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_.]{0,8}$/), { minLength: 1, maxLength: 8 })
  .chain((keys) => fc.tuple(...keys.map(entry)));

/** What the property compares: everything but `meta` (which records how the writer wrote markup). */
const comparable = ({ meta: _meta, ...rest }: TranslationEntry) => rest;

describe("Android XML: serialize → parse keeps every entry", () => {
  it("holds for random keys, values, plurals, comments, translatable flags and states", async () => {
    await fc.assert(
      fc.asyncProperty(entries, async (generated) => {
        const [file] = await androidXmlFormat.serialize({ en: generated }, OUT);
        const parsed = await androidXmlFormat.parse(file?.bytes ?? new Uint8Array(), {
          language: "en",
          sourceLanguage: "en",
        });
        expect(parsed.warnings).toEqual([]);
        expect((parsed.languages.en ?? []).map(comparable)).toEqual(generated);
        // No generated value has xliff:g, so tags go in CDATA and aapt2 sees them as text.
        const aapt = aaptRead(new TextDecoder().decode(file?.bytes)).resources;
        expect(aapt.map((resource) => [resource.name, resource.text, resource.quantities])).toEqual(
          generated.map((item) => [item.key, item.value, item.plurals]),
        );
        expect(aapt.map((resource) => resource.comment)).toEqual(generated.map((item) => item.comment));
      }),
      { numRuns: 300 },
    );
  });
});
