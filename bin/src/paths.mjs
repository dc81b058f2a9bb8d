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
 * A mapping's file for one language (and namespace, for a pattern with {namespace}). With
 * {android_lang}, the source language's file is the default resource folder (values/, not
 * values-en/), as Android reads it.
 */
export function pathFor(pattern, language, isSource, namespace = "") {
  const named = pattern.replace(/\{namespace\}/g, namespace);
  if (named.includes("{android_lang}")) {
    const withLanguage = isSource ? named.replace(/-\{android_lang\}/g, "") : named;
    return withLanguage.replace(/\{android_lang\}/g, androidLang(language));
  }
  return named.replace(/\{lang\}/g, language);
}

const PLACEHOLDER = /\{(lang|android_lang|namespace)\}/g;

/**
 * A mapping's files on disk: each with its language and, for a pattern with {namespace}, its
 * namespace. With {android_lang}, values/ (no suffix) is the source language's folder.
 */
export function filesOnDisk(root, pattern, sourceLanguage) {
  const android = pattern.includes("{android_lang}");
  const found = new Map();
  const patterns =
    android && sourceLanguage ? [pattern, pattern.replace(/-\{android_lang\}/g, "")] : [pattern];
  for (const one of patterns) {
    const names = [...one.matchAll(PLACEHOLDER)].map((match) => match[1]);
    // Stand-ins no path has, so the glob's escaping leaves them for the capture groups.
    const escaped = globRegex(one.replace(PLACEHOLDER, "SPROGPART")).source;
    const regex = new RegExp(escaped.replace(/SPROGPART/g, "([^/]+?)"));
    for (const file of glob(root, one.replace(PLACEHOLDER, "*"))) {
      const match = regex.exec(file);
      if (!match || found.has(file)) continue;
      const parts = Object.fromEntries(names.map((name, index) => [name, match[index + 1]]));
      const language =
        parts.android_lang !== undefined
          ? fromAndroidLang(parts.android_lang)
          : (parts.lang ?? (one === pattern ? undefined : sourceLanguage));
      if (language === undefined || !/^[A-Za-z0-9+-]+$/.test(language)) continue;
      found.set(file, {
        language,
        file,
        ...(parts.namespace !== undefined ? { namespace: parts.namespace } : {}),
      });
    }
  }
  return [...found.values()];
}

/** The languages whose files of a mapping are on disk (besides the source language's). */
export function languagesOnDisk(root, pattern) {
  return filesOnDisk(root, pattern).map(({ language, file }) => ({ language, file }));
}

/** The language of an entry of the pull API's translations.zip (`de.json`, `de.lproj/…`, `values-de/…`). */
export function zipEntryLanguage(name) {
  const first = name.split("/")[0];
  if (first.endsWith(".lproj")) return first.slice(0, -".lproj".length);
  if (first.startsWith("values-")) return first.slice("values-".length);
  return first.replace(/\.[^.]+$/, "");
}
