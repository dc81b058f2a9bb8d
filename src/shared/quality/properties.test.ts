import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePlaceholders } from "../placeholders/check.ts";
import { failingChecks, runChecks } from "./checks.ts";
import type { CheckInput } from "./definitions.ts";

const word = fc.stringMatching(/^[A-Za-zäöüéß]{1,8}$/);
const cjk = fc.constantFrom("保存", "ファイル", "削除", "文字");
const placeholder = fc.oneof(
  fc.constantFrom(
    "{name}",
    "{count, number}",
    "%s",
    "%1$@",
    "%2$d",
    "%{count}",
    "{{user}}",
    "{{ user }}",
    "[count]",
  ),
  fc.constantFrom("%d", "%@", "%.2f", "#", "%", "{", "}"),
);
const number = fc.constantFrom("1", "42", "1,000", "1.000", "3.14", "1 000", "2025");
const special = fc.constantFrom("https://sprog.dev/x", "help@sprog.dev", "<b>", "</b>", "<br/>", "\\n");
const mark = fc.constantFrom(
  ".",
  "!",
  "?",
  ":",
  ";",
  ",",
  "…",
  "...",
  "。",
  "？",
  "！",
  "؟",
  "۔",
  "।",
  "։",
  ";",
  "",
);
const closer = fc.constantFrom("", "", "", '"', ")", "»", "“");
const gap = fc.constantFrom(" ", " ", " ", "  ", "   ", "\n", " \n ", "\u00a0", "\t");
const edge = fc.constantFrom("", "", "", " ", "  ", "\n", "\t", " \n");

const text = fc
  .tuple(
    edge,
    fc.array(
      fc.oneof(
        { weight: 5, arbitrary: word },
        { weight: 1, arbitrary: cjk },
        { weight: 2, arbitrary: placeholder },
        {
          weight: 1,
          arbitrary: number,
        },
        { weight: 1, arbitrary: special },
      ),
      { minLength: 1, maxLength: 8 },
    ),
    fc.array(gap, { minLength: 8, maxLength: 8 }),
    mark,
    closer,
    edge,
  )
  .map(([lead, parts, gaps, end, close, trail]) => {
    const body = parts.map((part, i) => (i === 0 ? part : `${gaps[i] ?? " "}${part}`)).join("");
    return `${lead}${body}${end}${close}${trail}`;
  });

const plural = fc
  .tuple(fc.constantFrom("n", "count"), word, word, fc.constantFrom("one", "few", "=0"))
  .map(([name, a, b, category]) => `{${name}, plural, ${category} {# ${a}} other {# ${b}.}}`);

const language = fc.constantFrom(
  "de",
  "fr",
  "es",
  "ja",
  "zh-Hans",
  "ar",
  "el",
  "hy",
  "hi",
  "th",
  "ru",
  "ur",
  "ko",
);

const input = fc.record({
  source: fc.oneof(
    { weight: 5, arbitrary: text },
    { weight: 1, arbitrary: plural },
    {
      weight: 1,
      arbitrary: fc.constant(undefined),
    },
  ),
  value: fc.oneof(
    { weight: 5, arbitrary: text },
    { weight: 1, arbitrary: plural },
    { weight: 1, arbitrary: fc.string() },
  ),
  language,
});

function asInput({
  source,
  value,
  language,
}: {
  source: string | undefined;
  value: string;
  language: string;
}): CheckInput {
  return {
    source,
    value,
    language: source === undefined ? "en" : language,
    sourceLanguage: "en",
    maxLength: 30,
  };
}

describe("properties", () => {
  it("never throws, and runChecks and failingChecks agree", () => {
    fc.assert(
      fc.property(input, (raw) => {
        const i = asInput(raw);
        expect(
          runChecks(i)
            .map((f) => f.id)
            .sort(),
        ).toEqual(failingChecks(i));
      }),
      { numRuns: 1000 },
    );
  });

  it("a fix never breaks placeholders that matched", () => {
    fc.assert(
      fc.property(input, (raw) => {
        const i = asInput(raw);
        if (i.source === undefined) return;
        const matched = comparePlaceholders(i.source, i.value).matches;
        for (const finding of runChecks(i)) {
          if (finding.fix === undefined) continue;
          if (matched) expect(comparePlaceholders(i.source, finding.fix).matches, finding.id).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("a fixed value no longer has the finding it fixed", () => {
    fc.assert(
      fc.property(input, (raw) => {
        const i = asInput(raw);
        for (const finding of runChecks(i)) {
          if (finding.fix === undefined) continue;
          expect(
            failingChecks({ ...i, value: finding.fix }),
            `${finding.id}: ${JSON.stringify(finding.fix)}`,
          ).not.toContain(finding.id);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("the placeholder fix makes them match after a stray opening brace (seed 1219979967)", () => {
    const source = "{ äa } a.";
    const fix = runChecks(asInput({ source, value: "{ ß.", language: "de" })).find(
      (f) => f.id === "placeholders",
    )?.fix;
    expect(fix).toBeDefined();
    expect(comparePlaceholders(source, fix ?? "").matches).toBe(true);
  });

  it("the placeholder fix always makes the placeholders match", () => {
    fc.assert(
      fc.property(text, text, language, (source, value, lang) => {
        const fix = runChecks(asInput({ source, value, language: lang })).find(
          (f) => f.id === "placeholders",
        )?.fix;
        if (fix !== undefined) expect(comparePlaceholders(source, fix).matches).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
