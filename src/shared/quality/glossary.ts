import {
  expectedTranslation,
  findWord,
  forbiddenWord,
  type GlossaryEntry,
  termsIn,
} from "../glossary/match.ts";
import { baseLanguage, type Context, type Problem, quote } from "./context.ts";

/**
 * The glossary checks use the shared matcher (src/shared/glossary/match.ts), so the editor's
 * underlines, the AI prompts and these checks agree on which terms a text contains. A glossary of
 * hundreds of terms is checked against every string of an import: each term is folded once per
 * glossary and language, and the matcher only runs for terms whose folded text occurs at all.
 */

const UNSPACED = new Set(["zh", "ja", "ko", "th", "lo", "km", "my"]);
const TOKEN = /[\p{L}\p{N}\p{M}_]+/gu;

/** Languages whose lower case differs from the default (dotted and dotless i, Lithuanian accents). */
const LOCALE_CASE = new Set(["tr", "az", "lt"]);

/** As the matcher folds (`toLocaleLowerCase`), but fast where the language's case is the default one. */
function fold(text: string, language: string): string {
  const base = baseLanguage(language);
  return LOCALE_CASE.has(base) ? text.toLocaleLowerCase(base) : text.toLowerCase();
}

function isWordChar(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0x80) {
    return (
      (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95
    );
  }
  // A surrogate pair is one letter or not: both halves answer for the pair.
  const char =
    code >= 0xd800 && code <= 0xdfff
      ? text.slice(code <= 0xdbff ? i : i - 1, code <= 0xdbff ? i + 2 : i + 1)
      : text[i];
  return WORD.test(char ?? "");
}

const WORD = /^[\p{L}\p{N}\p{M}_]/u;

/** A glossary's terms indexed by their first word (folded), for one source language. */
interface TermIndex {
  byFirstWord: Map<string, GlossaryEntry[]>;
  /** Terms without a word character (`++`), and all terms for unspaced scripts: checked one by one. */
  rest: { entry: GlossaryEntry; word: string }[];
}

/** The forbidden words of a glossary in one language, folded unless case-sensitive. */
type ForbiddenList = { entry: GlossaryEntry; word: string }[];

const termIndexes = new WeakMap<readonly GlossaryEntry[], Map<string, TermIndex>>();
const forbiddenLists = new WeakMap<readonly GlossaryEntry[], Map<string, ForbiddenList>>();

function cached<T>(
  store: WeakMap<readonly GlossaryEntry[], Map<string, T>>,
  glossary: readonly GlossaryEntry[],
  key: string,
  build: () => T,
): T {
  let perGlossary = store.get(glossary);
  if (!perGlossary) {
    perGlossary = new Map();
    store.set(glossary, perGlossary);
  }
  let value = perGlossary.get(key);
  if (value === undefined) {
    value = build();
    perGlossary.set(key, value);
  }
  return value;
}

function termIndex(glossary: readonly GlossaryEntry[], language: string): TermIndex {
  return cached(termIndexes, glossary, language, () => {
    const index: TermIndex = { byFirstWord: new Map(), rest: [] };
    const unspaced = UNSPACED.has(baseLanguage(language));
    for (const entry of glossary) {
      const word = fold(entry.term.trim(), language);
      if (word === "") continue;
      const first = unspaced ? undefined : word.match(TOKEN)?.[0];
      if (first === undefined) index.rest.push({ entry, word });
      else index.byFirstWord.set(first, [...(index.byFirstWord.get(first) ?? []), entry]);
    }
    return index;
  });
}

/**
 * Entries that may occur in the text (a superset of the matcher's whole-word matches): a term
 * found as a whole word starts with a whole word of the text, so the text's words are looked up.
 */
function candidates(
  text: string,
  glossary: readonly GlossaryEntry[],
  language: string,
): GlossaryEntry[] | undefined {
  const index = termIndex(glossary, language);
  let found: GlossaryEntry[] | undefined;
  const folded = fold(text, language);
  if (index.byFirstWord.size > 0) {
    // The text's words, as TOKEN reads them, by a loop (this runs on every source text).
    let start = -1;
    for (let i = 0; i <= folded.length; i++) {
      if (i < folded.length && isWordChar(folded, i)) {
        if (start < 0) start = i;
        continue;
      }
      if (start < 0) continue;
      const entries = index.byFirstWord.get(folded.slice(start, i));
      if (entries) found = [...(found ?? []), ...entries];
      start = -1;
    }
  }
  for (const { entry, word } of index.rest) if (folded.includes(word)) found = [...(found ?? []), entry];
  return found;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

/**
 * Whether the translation uses `expected`: as a whole word, or inflected (each of its words found
 * at the start of a word, with its last letter free and up to three more letters: `Arbeitsbereiche`,
 * `рабочего пространства`), since the approved translation is given in its base form.
 */
function uses(value: string, expected: string, language: string, caseSensitive: boolean): boolean {
  if (findWord(value, expected, language, caseSensitive).length > 0) return true;
  const text = caseSensitive ? value : fold(value, language);
  return expected
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => {
      const w = caseSensitive ? word : fold(word, language);
      const stem = [...w].length > 5 ? w.slice(0, -1) : w;
      for (let at = text.indexOf(stem); at >= 0; at = text.indexOf(stem, at + 1)) {
        if (at > 0 && WORD_CHAR.test(text[at - 1] ?? "")) continue;
        let end = at + stem.length;
        let extra = 0;
        while (end < text.length && WORD_CHAR.test(text[end] ?? "") && extra <= 4) {
          end++;
          extra++;
        }
        if (extra <= 4) return true;
      }
      return false;
    });
}

export function glossaryMissing(c: Context): Problem | undefined {
  if (c.glossary.length === 0) return undefined;
  const possible = candidates(c.source, c.glossary, c.sourceLanguage);
  if (!possible) return undefined;
  const messages: string[] = [];
  for (const entry of termsIn(c.source, [...new Set(possible)], c.sourceLanguage)) {
    const expected = expectedTranslation(entry, c.language);
    if (expected === undefined) continue;
    // A name is kept as written; an approved translation may start a sentence in capitals.
    const caseSensitive = entry.doNotTranslate && entry.caseSensitive;
    if (uses(c.value, expected, c.language, caseSensitive)) continue;
    messages.push(
      entry.doNotTranslate
        ? `Missing the name ${quote(entry.term)} (keep it as it is)`
        : `Missing the glossary term ${quote(entry.term)} (use ${quote(expected)})`,
    );
  }
  return messages.length > 0 ? { message: messages.join("; ") } : undefined;
}

export function glossaryForbidden(c: Context): Problem | undefined {
  if (c.glossary.length === 0) return undefined;
  const forbidden = cached(forbiddenLists, c.glossary, `${c.language}\u0000${c.sourceLanguage}`, () =>
    c.glossary.flatMap((entry) => {
      const word = forbiddenWord(entry, c.language, c.sourceLanguage);
      return word ? [{ entry, word: entry.caseSensitive ? word : fold(word, c.language) }] : [];
    }),
  );
  if (forbidden.length === 0) return undefined;
  let folded: string | undefined;
  const used: string[] = [];
  for (const { entry, word } of forbidden) {
    if (!entry.caseSensitive) folded ??= fold(c.value, c.language);
    if (!(entry.caseSensitive ? c.value : (folded ?? c.value)).includes(word)) continue;
    const original = forbiddenWord(entry, c.language, c.sourceLanguage) ?? word;
    if (findWord(c.value, original, c.language, entry.caseSensitive).length > 0) used.push(original);
  }
  if (used.length === 0) return undefined;
  return {
    message:
      used.length === 1
        ? `Uses the forbidden term ${quote(used[0] ?? "")}`
        : `Uses the forbidden terms ${used.map(quote).join(", ")}`,
  };
}

/** Whether every word of the text is a do-not-translate name of the glossary. */
export function onlyNames(text: string, glossary: readonly GlossaryEntry[], language: string): boolean {
  const names = glossary.filter((e) => e.doNotTranslate && !e.forbidden);
  if (names.length === 0) return false;
  let rest = text;
  for (const entry of names) {
    const at = findWord(rest, entry.term, language, entry.caseSensitive);
    const length = entry.term.trim().length;
    for (const start of at.reverse())
      rest = rest.slice(0, start) + " ".repeat(length) + rest.slice(start + length);
  }
  return !/\p{L}/u.test(rest);
}
