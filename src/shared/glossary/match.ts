/**
 * Finding a team's glossary terms in a text: the one matcher the editor's underlines, the quality
 * checks and the AI's prompts share, so all three agree on which terms a string contains.
 */

/** A glossary term as the matcher needs it (the glossary's own schema has more: description…). */
export interface GlossaryEntry {
  id: string;
  /** The term in the team's source language. */
  term: string;
  caseSensitive: boolean;
  /** Never to be used: in the source language the term itself, in a translation its translation. */
  forbidden: boolean;
  /** A name kept as it is in every language (brand and product names). */
  doNotTranslate: boolean;
  /** Language code → the approved translation (for a forbidden term: the forbidden word there). */
  translations: Record<string, string>;
  /** What the term means, for translators and the AI. */
  description?: string | null;
}

export interface TermMatch {
  entry: GlossaryEntry;
  /** The matched text as written, and where (UTF-16 offsets, end exclusive). */
  text: string;
  start: number;
  end: number;
}

// Scripts written without spaces between words: a term is found anywhere in the text there.
const UNSPACED = new Set(["zh", "ja", "ko", "th", "lo", "km", "my"]);

function baseLanguage(language: string): string {
  return language.toLowerCase().split(/[-_]/)[0] ?? language;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

function isBoundary(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return true;
  const before = text[index - 1] ?? "";
  const after = text[index] ?? "";
  return !(WORD_CHAR.test(before) && WORD_CHAR.test(after));
}

function fold(text: string, language: string, caseSensitive: boolean): string {
  // toLocaleLowerCase keeps the string's length for the languages we fold (it may not for a few
  // letters such as İ; offsets are then only used to underline, never to rewrite).
  return caseSensitive ? text : text.toLocaleLowerCase(baseLanguage(language));
}

/** Every place `needle` occurs in `text` as a whole word (anywhere, for unspaced scripts). */
export function findWord(text: string, needle: string, language: string, caseSensitive: boolean): number[] {
  const word = needle.trim();
  if (word === "") return [];
  const haystack = fold(text, language, caseSensitive);
  const target = fold(word, language, caseSensitive);
  const anywhere = UNSPACED.has(baseLanguage(language));
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(target, from);
    if (at < 0) break;
    if (anywhere || (isBoundary(haystack, at) && isBoundary(haystack, at + target.length))) found.push(at);
    from = at + Math.max(1, target.length);
  }
  return found;
}

/**
 * The glossary terms a source text contains, in text order; where terms overlap the longer one
 * wins ("Sign in page" over "Sign in"), so an underline never covers two terms.
 */
export function findTerms(text: string, entries: readonly GlossaryEntry[], language: string): TermMatch[] {
  const candidates: TermMatch[] = [];
  for (const entry of entries) {
    const length = entry.term.trim().length;
    for (const start of findWord(text, entry.term, language, entry.caseSensitive)) {
      candidates.push({ entry, start, end: start + length, text: text.slice(start, start + length) });
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: TermMatch[] = [];
  let reached = 0;
  for (const match of candidates) {
    if (match.start < reached) continue;
    kept.push(match);
    reached = match.end;
  }
  return kept;
}

/** The distinct entries a source text contains (for an AI prompt or a check). */
export function termsIn(text: string, entries: readonly GlossaryEntry[], language: string): GlossaryEntry[] {
  const seen = new Map<string, GlossaryEntry>();
  for (const match of findTerms(text, entries, language)) seen.set(match.entry.id, match.entry);
  return [...seen.values()];
}

/** What a translation must contain for a term: the approved translation, or the name itself. */
export function expectedTranslation(entry: GlossaryEntry, language: string): string | undefined {
  if (entry.forbidden) return undefined;
  if (entry.doNotTranslate) return entry.term;
  const exact = entry.translations[language] ?? entry.translations[baseLanguage(language)];
  return exact?.trim() ? exact.trim() : undefined;
}

/** The word a forbidden term is in a language: its translation there, else the term itself. */
export function forbiddenWord(
  entry: GlossaryEntry,
  language: string,
  sourceLanguage: string,
): string | undefined {
  if (!entry.forbidden) return undefined;
  if (baseLanguage(language) === baseLanguage(sourceLanguage)) return entry.term;
  const word = entry.translations[language] ?? entry.translations[baseLanguage(language)];
  return word?.trim() ? word.trim() : undefined;
}
