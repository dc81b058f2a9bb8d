/** Pure edits of a project's ordered language list (setting the project's languages sends the result). */

/** Appends `code` unless it is already there (no duplicates). */
export function addLanguage(languages: readonly string[], code: string): string[] {
  return languages.includes(code) ? [...languages] : [...languages, code];
}

/** Whether `code` may be removed: never the source, and only while more than one remains. */
export function canRemoveLanguage(languages: readonly string[], code: string, source: string): boolean {
  return code !== source && languages.length > 1 && languages.includes(code);
}

export function removeLanguage(languages: readonly string[], code: string): string[] {
  return languages.filter((language) => language !== code);
}

/** Moves `code` one place up (-1) or down (+1); unchanged at the ends. */
export function moveLanguage(languages: readonly string[], code: string, direction: -1 | 1): string[] {
  const index = languages.indexOf(code);
  const target = index + direction;
  if (index === -1 || target < 0 || target >= languages.length) return [...languages];
  const next = [...languages];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}
