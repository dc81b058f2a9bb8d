import type { GlossaryEntry } from "../glossary/match.ts";
import { detectPlaceholders, isBlockKind, type Placeholder } from "../placeholders/detect.ts";
import type { CheckInput } from "./definitions.ts";

/** What a check finds: words for a person and, when a fix is safe, how to compute it (lazily). */
export interface Problem {
  message: string;
  fix?: () => string | undefined;
}

const NONE: readonly Placeholder[] = [];
const NO_GLOSSARY: readonly GlossaryEntry[] = [];
/** Every placeholder syntax needs one of these characters: text without them is skipped quickly. */
const PLACEHOLDER_CHARS = /[%{}[\]]/;

const bases = new Map<string, string>();

/** `pt-BR` → `pt` (cached: a project has a handful of languages and this runs twice per string). */
export function baseLanguage(language: string): string {
  let base = bases.get(language);
  if (base === undefined) {
    const cut = language.search(/[-_]/);
    base = (cut < 0 ? language : language.slice(0, cut)).toLowerCase();
    if (bases.size < 1000) bases.set(language, base);
  }
  return base;
}

export function placeholdersOf(text: string): readonly Placeholder[] {
  return PLACEHOLDER_CHARS.test(text) ? detectPlaceholders(text) : NONE;
}

/** Placeholders that are slots (not plural/select blocks, whose raw spans translatable text). */
export function leafPlaceholders(placeholders: readonly Placeholder[]): readonly Placeholder[] {
  if (placeholders.length === 0) return NONE;
  return placeholders.filter((p) => !isBlockKind(p.kind) && p.kind !== "icu-pound");
}

/** Whether `index` falls inside one of the (leaf) placeholders. */
export function insidePlaceholder(placeholders: readonly Placeholder[], index: number): boolean {
  for (const p of placeholders) if (index >= p.start && index < p.end) return true;
  return false;
}

/**
 * One string's facts, computed once and shared by the checks that need them (the placeholders of
 * both texts are used by four checks). `solo` strings have no source to compare with: the
 * source-language string itself, or a translation whose source is empty.
 */
export class Context {
  readonly source: string;
  readonly value: string;
  readonly solo: boolean;
  readonly language: string;
  readonly sourceLanguage: string;
  /** Base codes, lower case (`pt-BR` → `pt`). */
  readonly lang: string;
  readonly sourceLang: string;
  readonly maxLength: number | null;
  readonly glossary: readonly GlossaryEntry[];
  #sourcePlaceholders: readonly Placeholder[] | undefined;
  #valuePlaceholders: readonly Placeholder[] | undefined;

  constructor(input: CheckInput) {
    this.source = input.source ?? "";
    this.value = input.value;
    this.solo = this.source === "";
    this.language = input.language;
    this.sourceLanguage = input.sourceLanguage;
    this.lang = baseLanguage(input.language);
    this.sourceLang = baseLanguage(input.sourceLanguage);
    this.maxLength = input.maxLength ?? null;
    this.glossary = input.glossary ?? NO_GLOSSARY;
  }

  get sourcePlaceholders(): readonly Placeholder[] {
    this.#sourcePlaceholders ??= placeholdersOf(this.source);
    return this.#sourcePlaceholders;
  }

  get valuePlaceholders(): readonly Placeholder[] {
    this.#valuePlaceholders ??= placeholdersOf(this.value);
    return this.#valuePlaceholders;
  }
}

/** JavaScript's `\s`, by code (no regex, no allocation: it runs on both ends of every string). */
export function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x1680 ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** [start, end) of the text without its leading and trailing white space. */
export function coreBounds(text: string): [number, number] {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return [start, end];
}

/** Quotes a piece of text for a message. */
export function quote(text: string): string {
  return `“${text}”`;
}

/** Sorted multiset difference: items of `a` not matched in `b`. */
export function without(a: readonly string[], b: readonly string[]): string[] {
  const rest = [...b];
  const out: string[] = [];
  for (const item of a) {
    const at = rest.indexOf(item);
    if (at < 0) out.push(item);
    else rest.splice(at, 1);
  }
  return out;
}
