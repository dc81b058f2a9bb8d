// How long the quality checks take per string (issue 21: an import checks every string it writes).
// Runs failingChecks over 50,000 real pairs (the corpus's translated pairs, repeated) without and
// with a glossary, and prints the average per pair. Not a test: `npx tsx bench/quality-checks.ts`.
import type { GlossaryEntry } from "../src/shared/glossary/match.ts";
import { failingChecks } from "../src/shared/quality/checks.ts";
import { corpusPairs } from "../tests/helpers/quality-corpus.ts";

const PAIRS = 50_000;
const corpus = corpusPairs();
const pairs = Array.from({ length: PAIRS }, (_, i) => corpus[i % corpus.length] as (typeof corpus)[number]);

// A glossary of 200 terms of the kind teams keep: common UI words, names, a few forbidden ones.
const words = [
  "account",
  "article",
  "settings",
  "website",
  "team",
  "file",
  "page",
  "user",
  "error",
  "library",
];
const glossary: GlossaryEntry[] = Array.from({ length: 200 }, (_, i) => ({
  id: String(i),
  term: i < words.length ? (words[i] as string) : `term${i}`,
  caseSensitive: i % 7 === 0,
  forbidden: i % 25 === 0,
  doNotTranslate: i % 11 === 0,
  translations: { de: `Begriff${i}`, ru: `термин${i}`, ja: `用語${i}` },
}));

function run(withGlossary: boolean): { micros: number; failing: number } {
  let failing = 0;
  // CPU time of this process, not wall time: the machine is shared.
  const start = process.cpuUsage();
  for (const pair of pairs) {
    failing += failingChecks({
      source: pair.source,
      value: pair.value,
      sourceLanguage: "en",
      language: pair.language,
      maxLength: 200,
      ...(withGlossary ? { glossary } : {}),
    }).length;
  }
  const used = process.cpuUsage(start);
  return { micros: (used.user + used.system) / PAIRS, failing };
}

run(false); // warm-up: JIT, plural rules, regexes
for (const withGlossary of [false, true]) {
  // The fastest of five: the machine is shared, slower runs measure the neighbours.
  const times = Array.from({ length: 5 }, () => run(withGlossary)).sort((a, b) => a.micros - b.micros);
  const best = times[0];
  console.log(
    `${PAIRS} pairs ${withGlossary ? "with a 200-term glossary" : "without glossary"}: ` +
      `${best?.micros.toFixed(2)} µs per pair (fastest of 5), ${best?.failing} failing checks`,
  );
}
