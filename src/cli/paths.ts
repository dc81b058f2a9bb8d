import { escapePath } from "tinyglobby";
import { glob } from "./glob.ts";

/** `pt-BR` → `pt-rBR`, `zh-Hans-CN` → `b+zh+Hans+CN` (Android's resource qualifiers). */
export function androidLang(code: string): string {
  const [language, region, ...more] = code.split("-");
  if (region === undefined) return code;
  if (more.length === 0 && /^[A-Za-z]{2}$|^\d{3}$/.test(region))
    return `${language}-r${region.toUpperCase()}`;
  return `b+${code.split("-").join("+")}`;
}

export function fromAndroidLang(qualifier: string): string {
  if (qualifier.startsWith("b+")) return qualifier.slice(2).split("+").join("-");
  return qualifier.replace(/-r([A-Z]{2}|\d{3})$/, "-$1");
}

/**
 * A mapping's file for one language (and namespace, for a pattern with {namespace}). With
 * {android_lang}, the source language's file is the default resource folder (values/, not
 * values-en/), as Android reads it.
 */
export function pathFor(pattern: string, language: string, isSource: boolean, namespace = ""): string {
  const named = pattern.replace(/\{namespace\}/g, namespace);
  if (named.includes("{android_lang}")) {
    const withLanguage = isSource ? named.replace(/-\{android_lang\}/g, "") : named;
    return withLanguage.replace(/\{android_lang\}/g, androidLang(language));
  }
  return named.replace(/\{lang\}/g, language);
}

/** A file of a mapping found on disk: its language and, for a pattern with {namespace}, namespace. */
export interface FileOnDisk {
  language: string;
  file: string;
  namespace?: string;
}

const PLACEHOLDER = /\{(lang|android_lang|namespace)\}/;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A pattern's glob (each placeholder `*`, the rest literal) and the regular expression that reads
 * the placeholders' values back out of a path it found.
 */
function patternParts(pattern: string): { glob: string; regex: RegExp; names: string[] } {
  // split with a capture group: the literal parts at even indexes, the placeholders' names between.
  const pieces = pattern.split(PLACEHOLDER);
  const names = pieces.filter((_, i) => i % 2 === 1);
  return {
    glob: pieces.map((piece, i) => (i % 2 === 1 ? "*" : escapePath(piece))).join(""),
    regex: new RegExp(
      `^${pieces.map((piece, i) => (i % 2 === 1 ? "([^/]+?)" : escapeRegex(piece))).join("")}$`,
    ),
    names,
  };
}

/**
 * A mapping's files on disk: each with its language and, for a pattern with {namespace}, its
 * namespace. With {android_lang}, values/ (no suffix) is the source language's folder.
 */
export function filesOnDisk(root: string, pattern: string, sourceLanguage?: string): FileOnDisk[] {
  const android = pattern.includes("{android_lang}");
  const found = new Map<string, FileOnDisk>();
  const patterns =
    android && sourceLanguage ? [pattern, pattern.replace(/-\{android_lang\}/g, "")] : [pattern];
  for (const one of patterns) {
    const { glob: search, regex, names } = patternParts(one);
    for (const file of glob(root, search)) {
      const match = regex.exec(file);
      if (!match || found.has(file)) continue;
      const parts = new Map(names.map((name, index) => [name, match[index + 1]]));
      const androidLanguage = parts.get("android_lang");
      const language =
        androidLanguage !== undefined
          ? fromAndroidLang(androidLanguage)
          : (parts.get("lang") ?? (one === pattern ? undefined : sourceLanguage));
      if (language === undefined || !/^[A-Za-z0-9+-]+$/.test(language)) continue;
      const namespace = parts.get("namespace");
      found.set(file, { language, file, ...(namespace !== undefined ? { namespace } : {}) });
    }
  }
  return [...found.values()];
}

/** The languages whose files of a mapping are on disk (besides the source language's). */
export function languagesOnDisk(root: string, pattern: string): { language: string; file: string }[] {
  return filesOnDisk(root, pattern).map(({ language, file }) => ({ language, file }));
}

/** The language of an entry of the pull API's translations.zip (`de.json`, `de.lproj/…`, `values-de/…`). */
export function zipEntryLanguage(name: string): string {
  const first = name.split("/")[0] ?? name;
  if (first.endsWith(".lproj")) return first.slice(0, -".lproj".length);
  if (first.startsWith("values-")) return first.slice("values-".length);
  return first.replace(/\.[^.]+$/, "");
}
