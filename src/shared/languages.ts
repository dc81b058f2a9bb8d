/**
 * The language catalogue (spec points 3 and 9: about 90 entries with code and English name,
 * including regional variants). Codes follow BCP 47 casing: lower-case language, Title-case
 * script (`zh-Hans`), upper-case region (`pt-BR`) or a numeric UN M.49 region (`es-419`).
 * Pure data + small helpers: used by the server (validation) and the browser (pickers).
 */
export interface Language {
  code: string;
  name: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: "af", name: "Afrikaans" },
  { code: "am", name: "Amharic" },
  { code: "ar", name: "Arabic" },
  { code: "az", name: "Azerbaijani" },
  { code: "be", name: "Belarusian" },
  { code: "bg", name: "Bulgarian" },
  { code: "bn", name: "Bengali" },
  { code: "bs", name: "Bosnian" },
  { code: "ca", name: "Catalan" },
  { code: "cs", name: "Czech" },
  { code: "cy", name: "Welsh" },
  { code: "da", name: "Danish" },
  { code: "de", name: "German" },
  { code: "de-AT", name: "German (Austria)" },
  { code: "de-CH", name: "German (Switzerland)" },
  { code: "el", name: "Greek" },
  { code: "en", name: "English" },
  { code: "en-AU", name: "English (Australia)" },
  { code: "en-CA", name: "English (Canada)" },
  { code: "en-GB", name: "English (United Kingdom)" },
  { code: "en-US", name: "English (United States)" },
  { code: "es", name: "Spanish" },
  { code: "es-419", name: "Spanish (Latin America)" },
  { code: "es-ES", name: "Spanish (Spain)" },
  { code: "es-MX", name: "Spanish (Mexico)" },
  { code: "et", name: "Estonian" },
  { code: "eu", name: "Basque" },
  { code: "fa", name: "Persian" },
  { code: "fi", name: "Finnish" },
  { code: "fil", name: "Filipino" },
  { code: "fr", name: "French" },
  { code: "fr-CA", name: "French (Canada)" },
  { code: "ga", name: "Irish" },
  { code: "gl", name: "Galician" },
  { code: "gu", name: "Gujarati" },
  { code: "he", name: "Hebrew" },
  { code: "hi", name: "Hindi" },
  { code: "hr", name: "Croatian" },
  { code: "hu", name: "Hungarian" },
  { code: "hy", name: "Armenian" },
  { code: "id", name: "Indonesian" },
  { code: "is", name: "Icelandic" },
  { code: "it", name: "Italian" },
  { code: "ja", name: "Japanese" },
  { code: "ka", name: "Georgian" },
  { code: "kk", name: "Kazakh" },
  { code: "km", name: "Khmer" },
  { code: "kn", name: "Kannada" },
  { code: "ko", name: "Korean" },
  { code: "lb", name: "Luxembourgish" },
  { code: "lo", name: "Lao" },
  { code: "lt", name: "Lithuanian" },
  { code: "lv", name: "Latvian" },
  { code: "mk", name: "Macedonian" },
  { code: "ml", name: "Malayalam" },
  { code: "mn", name: "Mongolian" },
  { code: "mr", name: "Marathi" },
  { code: "ms", name: "Malay" },
  { code: "mt", name: "Maltese" },
  { code: "my", name: "Burmese" },
  { code: "nb", name: "Norwegian Bokmål" },
  { code: "ne", name: "Nepali" },
  { code: "nl", name: "Dutch" },
  { code: "nn", name: "Norwegian Nynorsk" },
  { code: "pa", name: "Punjabi" },
  { code: "pl", name: "Polish" },
  { code: "ps", name: "Pashto" },
  { code: "pt", name: "Portuguese" },
  { code: "pt-BR", name: "Portuguese (Brazil)" },
  { code: "pt-PT", name: "Portuguese (Portugal)" },
  { code: "ro", name: "Romanian" },
  { code: "ru", name: "Russian" },
  { code: "si", name: "Sinhala" },
  { code: "sk", name: "Slovak" },
  { code: "sl", name: "Slovenian" },
  { code: "sq", name: "Albanian" },
  { code: "sr", name: "Serbian" },
  { code: "sr-Latn", name: "Serbian (Latin)" },
  { code: "sv", name: "Swedish" },
  { code: "sw", name: "Swahili" },
  { code: "ta", name: "Tamil" },
  { code: "te", name: "Telugu" },
  { code: "th", name: "Thai" },
  { code: "tl", name: "Tagalog" },
  { code: "tr", name: "Turkish" },
  { code: "uk", name: "Ukrainian" },
  { code: "ur", name: "Urdu" },
  { code: "uz", name: "Uzbek" },
  { code: "vi", name: "Vietnamese" },
  { code: "zh", name: "Chinese" },
  { code: "zh-CN", name: "Chinese (China)" },
  { code: "zh-HK", name: "Chinese (Hong Kong)" },
  { code: "zh-Hans", name: "Chinese (Simplified)" },
  { code: "zh-Hant", name: "Chinese (Traditional)" },
  { code: "zh-TW", name: "Chinese (Taiwan)" },
  { code: "zu", name: "Zulu" },
];

const BY_CODE: ReadonlyMap<string, Language> = new Map(
  LANGUAGES.map((language) => [language.code, language]),
);

/** Lower-cased code → catalogue code, so lookups in `canonicalLanguage` ignore case. */
const BY_LOWER_CODE: ReadonlyMap<string, string> = new Map(
  LANGUAGES.map((language) => [language.code.toLowerCase(), language.code]),
);

/**
 * Deprecated ISO 639 codes still emitted by old platforms (Java/Android keep `iw` and `in`;
 * `no` is the macro-language most files mean as Bokmål).
 */
const LEGACY_CODES: Readonly<Record<string, string>> = {
  iw: "he",
  in: "id",
  no: "nb",
  "zh-chs": "zh-Hans",
  "zh-cht": "zh-Hant",
};

/** Scripts written right to left (by primary language subtag). */
const RTL_LANGUAGES: ReadonlySet<string> = new Set([
  "ar",
  "he",
  "iw",
  "fa",
  "ur",
  "ps",
  "yi",
  "ji",
  "ckb",
  "dv",
  "sd",
  "ug",
]);

export function isKnownLanguage(code: string): boolean {
  return BY_CODE.has(code);
}

export function languageName(code: string): string {
  return BY_CODE.get(code)?.name ?? code;
}

/**
 * The catalogue code for a code written loosely: upper or lower case (`pt-br`), underscores (`pt_BR`,
 * as in Android/Java locales), legacy codes (`iw` → `he`, `in` → `id`). Undefined when the
 * result is not in the catalogue. No fallback to the base language: `en-NZ` is unknown, so
 * callers decide themselves whether `en` is acceptable.
 */
export function canonicalLanguage(code: string): string | undefined {
  const lower = code.trim().replace(/_/g, "-").toLowerCase();
  if (lower === "") return undefined;
  const legacy = LEGACY_CODES[lower];
  if (legacy !== undefined) return BY_CODE.has(legacy) ? legacy : undefined;
  const direct = BY_LOWER_CODE.get(lower);
  if (direct !== undefined) return direct;
  // `iw-IL`, `in-ID`: replace a legacy primary subtag and try again.
  const [primary = "", ...rest] = lower.split("-");
  const replaced = LEGACY_CODES[primary];
  if (replaced !== undefined && rest.length > 0)
    return BY_LOWER_CODE.get([replaced, ...rest].join("-").toLowerCase());
  return undefined;
}

/** True for languages written right to left; regional variants follow their language (`ar-EG`), even when the variant is not in the catalogue. */
export function isRtl(code: string): boolean {
  const primary = (code.split(/[-_]/)[0] ?? "").toLowerCase();
  return RTL_LANGUAGES.has(primary);
}

/**
 * Case-insensitive match on name or code, leaving out `exclude` (spec point 5: only codes not
 * already in the project are offered). Sorted by name; an empty query returns everything not
 * excluded.
 */
export function searchLanguages(query: string, exclude: readonly string[] = []): Language[] {
  const q = query.trim().toLowerCase();
  const excluded = new Set(exclude);
  return LANGUAGES.filter(
    (language) =>
      !excluded.has(language.code) &&
      (q === "" || language.code.toLowerCase().includes(q) || language.name.toLowerCase().includes(q)),
  ).sort((a, b) => a.name.localeCompare(b.name, "en"));
}
