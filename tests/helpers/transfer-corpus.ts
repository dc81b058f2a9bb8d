import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { namespacedPath } from "../../src/shared/formats/file-namespace.ts";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";

// The corpus files the import and export journey (import-export.e2e) uses, what each export format
// writes, and how to tell what an import changed.

/** The project's source language. */
export const SOURCE = "en";

/** Relative to the project root, as vitest runs; the corpus is shared, never copied in. */
export const corpus = (path: string) => resolve("../shared/corpus", path);

export interface CorpusImport {
  what: string;
  path: string;
  /** What the dialog should guess from the file name alone (a browser gives no folders): the
   * project's language the name says, else a catalogue language it says, else nothing (""). */
  guess: string;
  /** The language the file really holds (chosen in the dialog when the guess is not it). */
  language: string;
  /** JSON: the notice's counts are also worked out from the file itself. */
  json?: true;
}

export const CORPUS_IMPORTS: CorpusImport[] = [
  {
    what: "flat JSON (umami en-US.json)",
    path: "json-flat/umami/src/lang/en-US.json",
    // The file name says American English; the project's English is `en`, so that is the guess.
    guess: "en",
    language: "en",
    json: true,
  },
  {
    what: "nested i18next JSON (excalidraw de-DE.json)",
    path: "json-nested/excalidraw/packages/excalidraw/locales/de-DE.json",
    guess: "de",
    language: "de",
    json: true,
  },
  {
    what: "iOS .strings (Loop de.lproj/Localizable.strings)",
    path: "ios-strings/Loop/Loop/de.lproj/Localizable.strings",
    guess: "",
    language: "de",
  },
  {
    what: "Android strings.xml (wikipedia values-ru), adding Russian",
    path: "android-strings-xml/apps-android-wikipedia/app/src/main/res/values-ru/strings.xml",
    guess: "",
    language: "ru",
  },
  {
    what: "gettext .po (django-admin de/LC_MESSAGES/djangojs.po)",
    path: "gettext-po/django-admin/django/contrib/admin/locale/de/LC_MESSAGES/djangojs.po",
    guess: "",
    language: "de",
  },
  {
    what: "XLIFF 1.2 (symfony security.de.xlf)",
    path: "xliff-1.2/symfony-security/src/Symfony/Component/Security/Core/Resources/translations/security.de.xlf",
    guess: "de",
    language: "de",
  },
  {
    what: "Rails YAML (rails-i18n de.yml)",
    path: "yaml/rails-i18n/rails/locale/de.yml",
    guess: "de",
    language: "de",
  },
];

/** The project's languages once the corpus is in (en and de from the start, ru from the Android file). */
export const LANGUAGES = ["en", "de", "ru"];

export interface ExportLayout {
  /** Each file in the zip → the languages whose text it carries (PO and XLIFF carry the source
   * text next to each translation; CSV and Excel hold every language in one table). */
  files: Record<string, string[]>;
  /** The file imported back: the German one, or the one table. */
  reimport: string;
  /** The namespaces' files among `files`: a language a namespace has no string of is an empty file. */
  namespaced?: string[];
}

/**
 * The namespaces the corpus files bring (issue 33): Django's `djangojs.po` and Symfony's
 * `security.de.xlf` are files of their own in their projects, so their keys are exported as such.
 */
export const CORPUS_NAMESPACES = ["djangojs", "security"];

/** Each namespace's files beside a layout's: the same languages, no sample text looked for. */
function withNamespaces(layout: ExportLayout): ExportLayout {
  const files = { ...layout.files };
  const namespaced: string[] = [];
  const table =
    Object.keys(layout.files).length === 1 && Object.values(layout.files)[0]?.length === LANGUAGES.length;
  for (const namespace of CORPUS_NAMESPACES) {
    for (const path of Object.keys(layout.files)) {
      const file = namespacedPath(path, namespace, table);
      files[file] = [];
      namespaced.push(file);
    }
  }
  return { ...layout, files, namespaced };
}

/**
 * What each export format writes for en (source), de and ru, the default file of each language
 * and each namespace's. `.stringsdict` holds plural entries only, so no sample text is looked for
 * in it.
 */
const DEFAULT_FILES: Record<string, ExportLayout> = {
  json: { files: { "en.json": ["en"], "de.json": ["de"], "ru.json": ["ru"] }, reimport: "de.json" },
  strings: {
    files: {
      "en.lproj/Localizable.strings": ["en"],
      "de.lproj/Localizable.strings": ["de"],
      "ru.lproj/Localizable.strings": ["ru"],
    },
    reimport: "de.lproj/Localizable.strings",
  },
  stringsdict: {
    files: {
      "en.lproj/Localizable.stringsdict": [],
      "de.lproj/Localizable.stringsdict": [],
      "ru.lproj/Localizable.stringsdict": [],
    },
    reimport: "de.lproj/Localizable.stringsdict",
  },
  xml: {
    files: {
      "values-en/strings.xml": ["en"],
      "values-de/strings.xml": ["de"],
      "values-ru/strings.xml": ["ru"],
    },
    reimport: "values-de/strings.xml",
  },
  po: { files: { "de.po": ["de", "en"], "ru.po": ["ru", "en"] }, reimport: "de.po" },
  xliff: { files: { "de.xlf": ["de", "en"], "ru.xlf": ["ru", "en"] }, reimport: "de.xlf" },
  xliff2: { files: { "de.xlf": ["de", "en"], "ru.xlf": ["ru", "en"] }, reimport: "de.xlf" },
  csv: { files: { "translations.csv": ["en", "de", "ru"] }, reimport: "translations.csv" },
  xlsx: { files: { "translations.xlsx": ["en", "de", "ru"] }, reimport: "translations.xlsx" },
  yaml: { files: { "en.yml": ["en"], "de.yml": ["de"], "ru.yml": ["ru"] }, reimport: "de.yml" },
  arb: {
    files: { "app_en.arb": ["en"], "app_de.arb": ["de"], "app_ru.arb": ["ru"] },
    reimport: "app_de.arb",
  },
};

export const EXPORT_LAYOUT: Record<string, ExportLayout> = Object.fromEntries(
  Object.entries(DEFAULT_FILES).map(([format, layout]) => [format, withNamespaces(layout)]),
);

export interface Snapshot {
  keys: KeyRow[];
  languages: string[];
}

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The notice of spec point 8, as the dialog words it. */
export function notice(counts: { keysAdded: number; translationsAdded: number; languagesAdded: number }) {
  const n = (value: number) => value.toLocaleString("en");
  return `Import complete: ${n(counts.keysAdded)} keys added, ${n(counts.translationsAdded)} translations added, ${n(counts.languagesAdded)} languages added`;
}

/** What an import changed, read from two snapshots of the key list (a written cell gets a new version). */
export function changes(before: Snapshot, after: Snapshot) {
  const old = new Map(before.keys.map((row) => [row.key, row]));
  const written: { key: string; language: string; value: string }[] = [];
  let keysAdded = 0;
  for (const row of after.keys) {
    const was = old.get(row.key);
    if (!was) keysAdded++;
    for (const [language, cell] of Object.entries(row.strings)) {
      const previous = was?.strings[language];
      if (cell.value !== "" && previous?.version !== cell.version) {
        written.push({ key: row.key, language, value: cell.value });
      }
    }
  }
  const languagesAdded = after.languages.filter((code) => !before.languages.includes(code)).length;
  return { keysAdded, translationsAdded: written.length, languagesAdded, written };
}

/**
 * A JSON file's strings by dotted path, read with JSON.parse: `keys` has every string (an empty
 * one is a value, issue 15), `strings` the non-empty ones; `other` counts leaves that are not strings.
 */
export function jsonStrings(path: string): {
  keys: Set<string>;
  strings: Map<string, string>;
  other: number;
} {
  const strings = new Map<string, string>();
  const keys = new Set<string>();
  let other = 0;
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      const key = prefix === "" ? name : `${prefix}.${name}`;
      if (typeof value === "string") {
        keys.add(key);
        if (value !== "") strings.set(key, value);
      } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        walk(value as Record<string, unknown>, key);
      } else other++;
    }
  };
  walk(JSON.parse(readFileSync(corpus(path), "utf8")) as Record<string, unknown>, "");
  return { keys, strings, other };
}

/** A text a few words long: it reads the same in every format, with nothing to escape. */
export const PLAIN = /^\p{L}{2,}(?: \p{L}{2,}){1,4}$/u;
/** A text a table cell shows as it is: one line, single spaces, not too long. */
export const SHOWN_AS_IS = /^\S(?:\S| (?=\S)){0,119}$/;
