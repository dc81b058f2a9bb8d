import { canonicalLanguage } from "../languages.ts";

/**
 * Namespaces (issue 33): real projects keep several files per language (i18next
 * `locales/de/common.json` and `auth.json`, Android `strings.xml` and `arrays.xml`, iOS
 * `Localizable.strings` and `InfoPlist.strings`). Each key belongs to the file it came from, its
 * namespace; `""` is the project's one file of a language (the default). Key names stay unique in a
 * project: a file's key that another namespace already has is kept as `namespace:key` (i18next's own
 * way of naming a key of a namespace) and written back in its file under its own name.
 */

export const NAMESPACE_MAX = 100;

/**
 * A namespace is a file name's stem: it goes into export paths, so nothing that makes a path. (No
 * zod here: the CLI bundles this file; the schema is schemas/namespace.ts.)
 */
export function validNamespace(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= NAMESPACE_MAX &&
    name.trim() === name &&
    !name.startsWith(".") &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    !/[/\\:*?"<>|\u0000-\u001f\u007f]/.test(name)
  );
}

/**
 * Stems that name a format's one file, not a namespace: Android `strings.xml`, Apple
 * `Localizable.strings`, Symfony and gettext `messages`, i18next's default `translation`, Flutter's
 * `app_en.arb`.
 */
const DEFAULT_STEMS = new Set([
  "strings",
  "localizable",
  "messages",
  "translation",
  "translations",
  "app",
  "intl",
  "i18n",
]);

/** Extensions read off a file name before its stem is taken (`.json`, `.xml`, `.strings`…). */
const EXTENSION = /\.[A-Za-z0-9]{1,12}$/;

/**
 * The stem without the file's language: the whole stem, or its last one, two or three parts after
 * `.`, `_` or `-` (`messages.de`, `app_pt_BR`), when they name that language (or a region of it). Only
 * the file's own language: `sign-in` read as German stays `sign-in`, though `in` is a code.
 */
function withoutLanguage(stem: string, language: string): string {
  if (namesLanguage(stem, language)) return "";
  const parts = stem.split(/([._-])/);
  // parts alternate: text, separator, text…
  for (let drop = 3; drop >= 1; drop--) {
    const keep = parts.length - drop * 2;
    if (keep < 1) continue;
    const tail = parts
      .slice(keep + 1)
      .filter((_, index) => index % 2 === 0)
      .join("-");
    if (namesLanguage(tail, language)) return parts.slice(0, keep).join("");
  }
  return stem;
}

function namesLanguage(text: string, language: string): boolean {
  if (!/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(text)) return false;
  const wanted = (canonicalLanguage(language) ?? language).toLowerCase();
  const code = (canonicalLanguage(text) ?? text.replace(/_/g, "-")).toLowerCase();
  const base = (canonicalLanguage(text.split(/[-_]/)[0] ?? "") ?? "").toLowerCase();
  return code === wanted || base === wanted || code === wanted.split("-")[0];
}

/**
 * The namespace an uploaded file's path names, for a file of `language` (for a table of every
 * language: the source's): its file name without extension and language (`locales/de/common.json`
 * → `common`, `values-de/arrays.xml` → `arrays`, `de.lproj/InfoPlist.strings` → `InfoPlist`), or
 * `""` for a format's one file (`de.json`, `strings.xml`, `Localizable.strings`, `messages.de.xlf`,
 * `app_de.arb`) and for a name that cannot be one.
 */
export function namespaceOfPath(path: string, language: string): string {
  const base = path.split(/[\\/]+/).pop() ?? "";
  // One extension (`.json`, `.stringsdict`); a language before it is a part (`common.de.json`).
  const name = withoutLanguage(base.replace(EXTENSION, ""), language);
  if (name === "" || DEFAULT_STEMS.has(name.toLowerCase())) return "";
  return validNamespace(name) ? name : "";
}

/** The name a key is kept under in a project: `namespace:key` when the key is taken elsewhere. */
export function qualifiedKey(namespace: string, key: string): string {
  return `${namespace}:${key}`;
}

/** The name a key of `namespace` has in its file: without the `namespace:` it was kept under. */
export function keyInFile(namespace: string, key: string): string {
  return namespace !== "" && key.startsWith(`${namespace}:`) ? key.slice(namespace.length + 1) : key;
}

/**
 * The path of a namespace's file, from the path the format writes for the language's one file:
 * the file in a folder of its own keeps the folder and takes the namespace's name (`values-de/strings.xml`
 * → `values-de/arrays.xml`, `de.lproj/Localizable.strings` → `de.lproj/InfoPlist.strings`); a file
 * named by its language goes into a folder of that name (`de.json` → `de/common.json`, as i18next
 * keeps them), one named by a prefix and its language takes the namespace as prefix (`app_de.arb` →
 * `common_de.arb`); a file of every language is named by the namespace (`translations.csv` →
 * `common.csv`).
 */
export function namespacedPath(path: string, namespace: string, everyLanguage: boolean): string {
  if (namespace === "") return path;
  const slash = path.lastIndexOf("/");
  const folder = slash === -1 ? "" : path.slice(0, slash + 1);
  const base = path.slice(slash + 1);
  const dot = base.indexOf(".");
  const stem = dot === -1 ? base : base.slice(0, dot);
  const extension = dot === -1 ? "" : base.slice(dot);
  if (everyLanguage || folder !== "") return `${folder}${namespace}${extension}`;
  // Flutter names its files by a prefix and the language (`app_de.arb`): the namespace is the prefix.
  const prefixed = /^app_(.+)$/.exec(stem);
  if (prefixed) return `${namespace}_${prefixed[1]}${extension}`;
  return `${stem}/${namespace}${extension}`;
}
