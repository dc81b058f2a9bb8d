import type { ParsedImport } from "./parse-import.ts";

/**
 * Several parsed files of one format as one, so that a push of a zip writes them with one set of
 * statements instead of one set per file (5,000 small files were 5,000 rounds of key, string,
 * history and count statements). The result is what writing the files one after another leaves:
 * a key in two files keeps the first file's non-empty value, or with `overwriteExisting` the last
 * non-empty one (an empty value never empties a cell that has text); key and file metadata come from the
 * last file that has them. Keys keep the order in which the files first name them.
 */
export function mergeParsedImports(parts: readonly ParsedImport[], overwriteExisting: boolean): ParsedImport {
  const first = parts[0];
  if (parts.length === 1 && first) return first;
  const keys: string[] = [];
  const seenKeys = new Set<string>();
  const languages = new Map<string, ParsedImport["languages"][number] & { at: Map<string, number> }>();
  const keyMeta: ParsedImport["keyMeta"] = new Map();
  const fileMeta: ParsedImport["fileMeta"] = new Map();
  for (const part of parts) {
    for (const key of part.keys) {
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      keys.push(key);
    }
    for (const language of part.languages) {
      let merged = languages.get(language.code);
      if (!merged) {
        merged = { code: language.code, keys: [], values: [], states: [], at: new Map() };
        languages.set(language.code, merged);
      }
      for (let i = 0; i < language.keys.length; i++) {
        const key = language.keys[i] ?? "";
        const value = language.values[i] ?? "";
        const state = language.states[i] ?? null;
        const at = merged.at.get(key);
        if (at === undefined) {
          merged.at.set(key, merged.keys.length);
          merged.keys.push(key);
          merged.values.push(value);
          merged.states.push(state);
        } else if (value !== "" && (overwriteExisting || merged.values[at] === "")) {
          merged.values[at] = value;
          merged.states[at] = state;
        }
      }
    }
    for (const [key, meta] of part.keyMeta) keyMeta.set(key, meta);
    for (const [language, meta] of part.fileMeta) fileMeta.set(language, meta);
  }
  return {
    keys,
    languages: [...languages.values()].map(({ code, keys, values, states }) => ({
      code,
      keys,
      values,
      states,
    })),
    keyMeta,
    fileMeta,
    // Merged files are no one file's content: each file's own are kept with it.
    fingerprints: {},
    shape: {},
    warnings: parts.flatMap((part) => part.warnings),
  };
}
