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

interface Folded {
  /** Per entry: the word to look for, folded as the matcher folds it ("" when none). */
  words: string[];
}

const folds = new WeakMap<readonly GlossaryEntry[], Map<string, Folded>>();

function fold(text: string, language: string): string {
  return text.toLocaleLowerCase(baseLanguage(language));
}

/** The folded source terms (`kind: "term"`) or forbidden words in a language, cached. */
function folded(
  glossary: readonly GlossaryEntry[],
  kind: "term" | "forbidden",
  language: string,
  sourceLanguage: string,
): Folded {
  let perGlossary = folds.get(glossary);
  if (!perGlossary) {
    perGlossary = new Map();
    folds.set(glossary, perGlossary);
  }
  const cacheKey = `${kind}:${language}:${sourceLanguage}`;
  let entry = perGlossary.get(cacheKey);
  if (!entry) {
    const words = glossary.map((e) => {
      const word = kind === "term" ? e.term.trim() : (forbiddenWord(e, language, sourceLanguage) ?? "");
      return e.caseSensitive ? word : fold(word, language);
    });
    entry = { words };
    perGlossary.set(cacheKey, entry);
  }
  return entry;
}

/** Entries whose word occurs in the text at all (a superset of the whole-word matches). */
function candidates(
  text: string,
  glossary: readonly GlossaryEntry[],
  words: readonly string[],
  language: string,
): GlossaryEntry[] | undefined {
  let lower: string | undefined;
  let found: GlossaryEntry[] | undefined;
  for (let i = 0; i < glossary.length; i++) {
    const word = words[i];
    const entry = glossary[i];
    if (!word || !entry) continue;
    const haystack = entry.caseSensitive ? text : (lower ??= fold(text, language));
    if (haystack.includes(word)) (found ??= []).push(entry);
  }
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
  const { words } = folded(c.glossary, "term", c.sourceLanguage, c.sourceLanguage);
  const possible = candidates(c.source, c.glossary, words, c.sourceLanguage);
  if (!possible) return undefined;
  const messages: string[] = [];
  for (const entry of termsIn(c.source, possible, c.sourceLanguage)) {
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
  const { words } = folded(c.glossary, "forbidden", c.language, c.sourceLanguage);
  const possible = candidates(c.value, c.glossary, words, c.language);
  if (!possible) return undefined;
  const used: string[] = [];
  for (const entry of possible) {
    const word = forbiddenWord(entry, c.language, c.sourceLanguage);
    if (word && findWord(c.value, word, c.language, entry.caseSensitive).length > 0) used.push(word);
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
