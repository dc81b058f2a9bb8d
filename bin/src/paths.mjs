import { glob, globRegex } from "./glob.mjs";

/** `pt-BR` → `pt-rBR`, `zh-Hans-CN` → `b+zh+Hans+CN` (Android's resource qualifiers). */
export function androidLang(code) {
  const parts = code.split("-");
  if (parts.length === 1) return code;
  if (parts.length === 2 && /^[A-Za-z]{2}$|^\d{3}$/.test(parts[1]))
    return `${parts[0]}-r${parts[1].toUpperCase()}`;
  return `b+${parts.join("+")}`;
}

export function fromAndroidLang(qualifier) {
  if (qualifier.startsWith("b+")) return qualifier.slice(2).split("+").join("-");
  return qualifier.replace(/-r([A-Z]{2}|\d{3})$/, "-$1");
}

/**
 * A mapping's file for one language. With {android_lang}, the source language's file is the
 * default resource folder (values/, not values-en/), as Android reads it.
 */
export function pathFor(pattern, language, isSource) {
  if (pattern.includes("{android_lang}")) {
    const withLanguage = isSource ? pattern.replace(/-\{android_lang\}/g, "") : pattern;
    return withLanguage.replace(/\{android_lang\}/g, androidLang(language));
  }
  return pattern.replace(/\{lang\}/g, language);
}

/** The languages whose files of a mapping are on disk (besides the source language's). */
export function languagesOnDisk(root, pattern) {
  const candidates = glob(root, pattern.replace(/\{(android_)?lang\}/g, "*"));
  // A stand-in no path has, so the glob's escaping leaves it for the language's capture group.
  const escaped = globRegex(pattern.replace(/\{(android_)?lang\}/g, "SPROGLANGUAGE")).source;
  const regex = new RegExp(escaped.replace(/SPROGLANGUAGE/g, "([A-Za-z0-9+-]+)"));
  const android = pattern.includes("{android_lang}");
  const languages = [];
  for (const file of candidates) {
    const match = regex.exec(file);
    if (match) languages.push({ language: android ? fromAndroidLang(match[1]) : match[1], file });
  }
  return languages;
}

/** The language of an entry of the pull API's translations.zip (`de.json`, `de.lproj/…`, `values-de/…`). */
export function zipEntryLanguage(name) {
  const first = name.split("/")[0];
  if (first.endsWith(".lproj")) return first.slice(0, -".lproj".length);
  if (first.startsWith("values-")) return first.slice("values-".length);
  return first.replace(/\.[^.]+$/, "");
}
