import type { GlossaryEntry } from "../glossary/match.ts";
import { runChecks } from "./checks.ts";
import type { CheckId, CheckInput, Finding } from "./definitions.ts";

/** Test helpers: the findings of a translation from English (or of a source text: `source` undefined). */
export function check(
  source: string | undefined,
  value: string,
  language = "de",
  extra: Partial<CheckInput> = {},
): Finding[] {
  return runChecks({ source, value, sourceLanguage: "en", language, ...extra });
}

export function ids(
  source: string | undefined,
  value: string,
  language = "de",
  extra: Partial<CheckInput> = {},
) {
  return check(source, value, language, extra).map((f) => f.id);
}

export function finding(
  id: CheckId,
  source: string | undefined,
  value: string,
  language = "de",
  extra: Partial<CheckInput> = {},
): Finding | undefined {
  return check(source, value, language, extra).find((f) => f.id === id);
}

export function entry(term: string, options: Partial<GlossaryEntry> = {}): GlossaryEntry {
  return {
    id: term,
    term,
    caseSensitive: false,
    forbidden: false,
    doNotTranslate: false,
    translations: {},
    ...options,
  };
}
