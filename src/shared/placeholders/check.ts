import { placeholderSet } from "./identity.ts";

export interface PlaceholderCheck {
  /** Placeholders of the source missing from the translation (as written in the source). */
  missing: string[];
  /** Placeholders in the translation that the source does not have (as written in the translation). */
  extra: string[];
  /** True when both sets are equal. */
  matches: boolean;
}

/**
 * Spec point 5: a translation is flagged when its set of placeholders differs from the source's.
 * Identities are format-independent (`{count}` in the source matches `%{count}` in the
 * translation). Pure set semantics: an empty translation misses every placeholder, so callers
 * that show untranslated cells differently should skip empty values themselves.
 */
export function comparePlaceholders(source: string, translation: string): PlaceholderCheck {
  const expected = placeholderSet(source);
  const actual = placeholderSet(translation);
  const missing = [...expected].filter(([identity]) => !actual.has(identity)).map(([, p]) => p.raw);
  const extra = [...actual].filter(([identity]) => !expected.has(identity)).map(([, p]) => p.raw);
  return { missing, extra, matches: missing.length === 0 && extra.length === 0 };
}

// The stub exported both from here; other modules import them from this file.
export { fixPlaceholders } from "./fix.ts";
