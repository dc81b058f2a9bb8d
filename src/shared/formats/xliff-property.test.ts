// Random entries survive XLIFF serialize → parse (fast-check), for both versions: keys, values
// (empty, spaces at the ends, newlines, markup characters), comments, context, translate, maximum
// length, state, and their order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FormatDefinition, TranslationEntry } from "./types.ts";
import { OUT } from "./xliff-test-helpers.ts";
import { xliff1Format } from "./xliff1.ts";
import { xliff2Format } from "./xliff2.ts";

/** Characters that stress escaping; no letters that spell an inline tag name (`<g>`, `<ph>`). */
const CHARACTERS = [
  "a",
  "b",
  "z",
  "Ä",
  "日",
  "😀",
  " ",
  "\n",
  "\t",
  "\r",
  "<",
  ">",
  "&",
  '"',
  "'",
  "/",
  "=",
  "{",
  "}",
  "%",
  "1",
];
const text = (minLength: number, maxLength: number) =>
  fc.array(fc.constantFrom(...CHARACTERS), { minLength, maxLength }).map((characters) => characters.join(""));

const key = text(1, 30);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

function entries(states: readonly string[]) {
  return fc.uniqueArray(
    fc.record({
      key,
      source: text(0, 20),
      value: text(0, 20),
      comment: optional(text(1, 20)),
      context: optional(text(1, 12)),
      translatable: optional(fc.constant(false)),
      maxLength: optional(fc.integer({ min: 1, max: 5000 })),
      state: optional(fc.constantFrom(...states)),
    }),
    { minLength: 1, maxLength: 6, selector: (entry) => entry.key },
  );
}

type Generated = {
  key: string;
  source: string;
  value: string;
  comment: string | undefined;
  context: string | undefined;
  translatable: false | undefined;
  maxLength: number | undefined;
  state: string | undefined;
};

/** Drops undefined fields, as a parser gives them. */
function entry(generated: Generated, value: string, state?: string): TranslationEntry {
  const out: TranslationEntry = { key: generated.key, value };
  if (generated.comment !== undefined) out.comment = generated.comment;
  if (generated.context !== undefined) out.context = generated.context;
  if (generated.translatable !== undefined) out.translatable = generated.translatable;
  if (generated.maxLength !== undefined) out.maxLength = generated.maxLength;
  if (state !== undefined) out.state = state;
  return out;
}

const cases: [string, FormatDefinition, string[], string][] = [
  [
    "XLIFF 1.2",
    xliff1Format,
    ["translated", "final", "needs-translation", "needs-review-translation", "new"],
    "needs-translation",
  ],
  ["XLIFF 2.0", xliff2Format, ["initial", "translated", "reviewed", "final"], "initial"],
];

describe("XLIFF: random entries survive serialize → parse (fast-check)", () => {
  for (const [name, format, states, waiting] of cases) {
    it(`${name}: keys, values, comments, context, translate, maxLength, state and order`, async () => {
      await fc.assert(
        fc.asyncProperty(entries(states), async (generated) => {
          const languages = {
            en: generated.map((item) => entry(item, item.source)),
            de: generated.map((item) => entry(item, item.value, item.state)),
          };
          const [file] = await format.serialize(languages, OUT);
          const parsed = await format.parse(file?.bytes ?? new Uint8Array(), {
            language: "de",
            sourceLanguage: "en",
          });
          const strip = (list: TranslationEntry[] | undefined) =>
            list?.map(({ meta: _meta, ...rest }) => rest);
          expect(strip(parsed.languages.en)).toEqual(languages.en);
          // An empty target still waiting for its translation is no translation.
          const expected = languages.de.filter((item) => !(item.value === "" && item.state === waiting));
          expect(strip(parsed.languages.de)).toEqual(expected);
          expect(parsed.warnings).toEqual([]);
          // Exported again with what the import kept (ids, fileMeta), it reads the same, meta included.
          const [again] = await format.serialize(parsed.languages, {
            ...OUT,
            fileMeta: parsed.fileMeta ?? {},
          });
          const reread = await format.parse(again?.bytes ?? new Uint8Array(), {
            language: "de",
            sourceLanguage: "en",
          });
          expect(reread).toEqual(parsed);
        }),
        { numRuns: 300 },
      );
    });
  }
});
