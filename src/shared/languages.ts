// STUB: replaced by the language catalogue (issue 3). Signatures are the contract.
export interface Language {
  code: string;
  name: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: "en", name: "English" },
  { code: "de", name: "German" },
];

export function isKnownLanguage(code: string): boolean {
  return LANGUAGES.some((language) => language.code === code);
}

export function languageName(code: string): string {
  return LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

/** Case-insensitive match on name or code, leaving out `exclude` (spec point 5). */
export function searchLanguages(query: string, exclude: readonly string[] = []): Language[] {
  const q = query.trim().toLowerCase();
  return LANGUAGES.filter(
    (language) =>
      !exclude.includes(language.code) &&
      (language.code.toLowerCase().includes(q) || language.name.toLowerCase().includes(q)),
  );
}
