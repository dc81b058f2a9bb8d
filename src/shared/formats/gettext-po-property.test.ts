// Whatever entries a PO file can hold come back from serialize → parse unchanged: keys with spaces
// at the ends, quotes, backslashes and line breaks, empty translations, comments, msgctxt, fuzzy,
// flags and plurals.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gettextPoFormat } from "./gettext-po.ts";
import type { FormatMeta, SerializeOptions, TranslationEntry } from "./types.ts";

const OUT: SerializeOptions = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

const CHARS = [
  "a",
  "b",
  "Z",
  "1",
  " ",
  '"',
  "\\",
  "\n",
  "\t",
  ":",
  "%",
  "s",
  "{",
  "}",
  "é",
  "ü",
  "😀",
  "#",
  ",",
];
const textOf = (minLength: number) =>
  fc.string({ unit: fc.constantFrom(...CHARS), minLength, maxLength: 12 });
/** gettext-parser strips the white space that starts a comment line, so generated lines have none. */
const commentLine = fc
  .string({ unit: fc.constantFrom("a", "b", " ", '"', "%", "é", "😀", ":"), maxLength: 10 })
  .map((line) => line.trimStart());
const comment = fc
  .array(commentLine, { minLength: 1, maxLength: 3 })
  .map((lines) => lines.join("\n"))
  .filter((text) => text.trim() !== "");

interface Generated {
  msgid: string;
  context: string | undefined;
  plural: string | undefined;
  translation: { value: string } | { plurals: { one: string; other: string } };
  comment: string | undefined;
  flags: string[];
  fuzzy: boolean;
}

const generated: fc.Arbitrary<Generated> = fc
  .record({
    msgid: textOf(1),
    context: fc.option(textOf(1), { nil: undefined }),
    plural: fc.option(textOf(1), { nil: undefined }),
    value: textOf(0),
    forms: fc.tuple(textOf(1), textOf(1)),
    comment: fc.option(comment, { nil: undefined }),
    flags: fc.subarray(["python-format", "c-format", "no-wrap"]),
    fuzzy: fc.boolean(),
  })
  .map(({ value, forms, ...rest }) => ({
    ...rest,
    translation:
      rest.plural !== undefined && value !== "" ? { plurals: { one: forms[0], other: forms[1] } } : { value },
  }));

function toEntries(items: readonly Generated[]): { en: TranslationEntry[]; de: TranslationEntry[] } {
  const en: TranslationEntry[] = [];
  const de: TranslationEntry[] = [];
  for (const item of items) {
    const key = item.context === undefined ? item.msgid : `${item.context}::${item.msgid}`;
    const about: Omit<TranslationEntry, "key"> = {};
    if (item.comment !== undefined) about.comment = item.comment;
    if (item.context !== undefined) about.context = item.context;
    if (item.flags.length > 0) about.meta = { flags: item.flags } satisfies FormatMeta;
    en.push(
      item.plural === undefined
        ? { key, value: item.msgid, ...about }
        : { key, plurals: { one: item.msgid, other: item.plural }, ...about },
    );
    de.push({ key, ...item.translation, ...about, ...(item.fuzzy ? { state: "fuzzy" } : {}) });
  }
  return { en, de };
}

describe("gettext PO: any entries survive serialize → parse", () => {
  it("keeps keys, values, empty values, plurals, comments, context, flags, fuzzy and order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(generated, {
          maxLength: 8,
          selector: (item) => (item.context === undefined ? item.msgid : `${item.context}::${item.msgid}`),
        }),
        async (items) => {
          const languages = toEntries(items);
          const files = await gettextPoFormat.serialize(languages, OUT);
          const parsed = await gettextPoFormat.parse(files[0]?.bytes ?? new Uint8Array(), {
            language: "de",
            sourceLanguage: "en",
          });
          expect(parsed.languages).toEqual(languages);
          expect(parsed.warnings).toEqual([]);
          // Exported again with the header it came with, the file is the same.
          const again = await gettextPoFormat.serialize(parsed.languages, {
            ...OUT,
            fileMeta: parsed.fileMeta ?? {},
          });
          expect(new TextDecoder().decode(again[0]?.bytes)).toBe(new TextDecoder().decode(files[0]?.bytes));
        },
      ),
      { numRuns: 300 },
    );
  });
});
