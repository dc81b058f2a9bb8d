import { Document, Pair, parseAllDocuments, Scalar, YAMLMap } from "yaml";
import { canonicalLanguage } from "../languages.ts";
import { FORMAT_INFO } from "./format-info.ts";
import {
  acceptableLeaves,
  decodeText,
  nestKeys,
  noteMissingOther,
  SKIP_ARRAYS,
  SKIP_NESTED,
  SKIP_NOT_TEXT,
  SKIP_OTHER_TYPES,
  SkipLog,
  type Tree,
} from "./json.ts";
import { classifyPluralGroup, isPluralCategory } from "./plurals.ts";
import {
  type FormatDefinition,
  FormatError,
  MAX_NESTING_DEPTH,
  PLURAL_CATEGORIES,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

/**
 * Rails-style YAML (`config/locales/de.yml`), rooted at the locale code:
 *
 * ```yaml
 * de:
 *   errors:
 *     messages:
 *       too_long:
 *         one: ist zu lang (höchstens %{count} Zeichen)
 *         other: ist zu lang (höchstens %{count} Zeichen)
 * ```
 *
 * Reading: a file with a single top-level key that looks like a locale (`de`, `pt-BR`, `zh_TW`)
 * is rooted there and that key is the language (canonical catalogue code when there is one);
 * otherwise the whole file is read as `options.language`. Nested maps become dotted keys
 * (`flattenNestedKeys` off: top-level strings only). A map whose keys are all plural categories
 * and whose values are all strings is a Rails plural when `classifyPluralGroup` says so (with
 * `other` and another form, or three forms covering a ru/pl/ar-style language without `other`);
 * its variable is `count`. Numbers, booleans, null, lists (Rails `day_names`, `order`) and other
 * YAML types are skipped with a warning. YAML 1.2 core schema, merge keys (`<<: *base`) on,
 * at most 100 aliases (alias bombs), MAX_NESTING_DEPTH levels.
 *
 * Writing: `{lang}.yml` rooted at the language, nested by the dots in keys (a key that is also a
 * prefix keeps its value and the longer key is written as a dotted name next to it), plural
 * entries as category maps. Scalars are quoted for YAML 1.1 readers too (Ruby's Psych reads
 * `yes`, `no`, `on` as booleans), lines are never folded.
 */

const MAX_ALIASES = 100;

type YamlValue = unknown;

interface YamlItem {
  key: string;
  value?: string;
  plurals?: PluralForms;
}

export const yamlFormat: FormatDefinition = {
  id: "yaml",
  label: FORMAT_INFO.yaml.label,
  extensions: FORMAT_INFO.yaml.extensions,
  async parse(bytes, options) {
    const text = decodeText(bytes, "YAML");
    const log = new SkipLog();
    const top = loadYaml(text, log);
    const root = findRoot(top, options.language);
    const language = root?.language ?? options.language;
    if (root !== undefined && root.language !== options.language) {
      log.note(`The file is rooted at “${root.key}”, so its strings were read as ${language}.`);
    }
    const body = root === undefined ? top : root.value;
    const items: YamlItem[] = [];
    const missingOther: string[] = [];
    const flatten = options.flattenNestedKeys ?? true;
    const walk = (node: Map<unknown, YamlValue>, prefix: string, depth: number): void => {
      if (depth > MAX_NESTING_DEPTH) {
        throw new FormatError(
          `This YAML file is nested more than ${MAX_NESTING_DEPTH} levels deep (at “${prefix}”). Please check the file format.`,
        );
      }
      for (const [rawKey, value] of node) {
        const name = keyText(rawKey);
        const key = depth === 1 ? name : `${prefix}.${name}`;
        if (typeof value === "string") items.push({ key, value });
        else if (value instanceof Map) {
          const forms = pluralForms(value, language);
          if (forms !== undefined) {
            items.push({ key, plurals: forms });
            if (forms.other === undefined) missingOther.push(key);
          } else if (flatten) walk(value, key, depth + 1);
          else log.skip(SKIP_NESTED, key);
        } else if (Array.isArray(value)) log.skip(SKIP_ARRAYS, key);
        else if (value === null || typeof value === "number" || typeof value === "boolean")
          log.skip(SKIP_NOT_TEXT, key);
        else log.skip(SKIP_OTHER_TYPES, key);
      }
    };
    walk(body, "", 1);
    noteMissingOther(log, missingOther);
    const entries: TranslationEntry[] = acceptableLeaves(items, log).map((item) =>
      item.plurals === undefined
        ? { key: item.key, value: item.value ?? "" }
        : { key: item.key, plurals: item.plurals, pluralVariable: "count" },
    );
    return { languages: { [language]: entries }, warnings: log.messages() };
  },
  async serialize(languages) {
    const encoder = new TextEncoder();
    return Object.entries(languages).map(([language, entries]) => {
      const tree = nestKeys<string | PluralForms>(
        entries.map((entry) => ({ key: entry.key, value: entry.plurals ?? entry.value ?? "" })),
      );
      const doc = new Document(null, { version: "1.1" });
      const root = new YAMLMap();
      root.items.push(new Pair(new Scalar(language), toYamlMap(tree)));
      doc.contents = root;
      return { path: `${language}.yml`, bytes: encoder.encode(doc.toString({ lineWidth: 0, indent: 2 })) };
    });
  },
};

function loadYaml(text: string, log: SkipLog): Map<unknown, YamlValue> {
  const docs = parseAllDocuments(text, { merge: true, uniqueKeys: true, prettyErrors: true });
  if (!Array.isArray(docs) || docs.length === 0) throw new FormatError("This YAML file is empty.");
  if (docs.length > 1) log.note(`The file holds ${docs.length} YAML documents; only the first was read.`);
  const doc = docs[0];
  if (doc === undefined) throw new FormatError("This YAML file is empty.");
  const error = doc.errors[0];
  if (error !== undefined) {
    if (/call stack/i.test(error.message)) throw tooDeep();
    throw new FormatError(`Invalid YAML file: ${error.message.split("\n")[0]}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ mapAsMap: true, maxAliasCount: MAX_ALIASES });
  } catch (cause) {
    if (cause instanceof RangeError) throw tooDeep();
    if (cause instanceof ReferenceError && /alias/i.test(cause.message)) {
      throw new FormatError(
        `This YAML file uses its aliases (*name) too often (an "alias bomb" expands a small file into a huge one). At most ${MAX_ALIASES} are read.`,
      );
    }
    throw new FormatError(`Invalid YAML file: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (value === null || value === undefined) throw new FormatError("This YAML file is empty.");
  if (!(value instanceof Map)) {
    const found = Array.isArray(value) ? "a list" : `a single ${typeof value}`;
    throw new FormatError(`This YAML file must hold a map of keys and texts, but it holds ${found}.`);
  }
  return value;
}

function tooDeep(): FormatError {
  return new FormatError(
    `This YAML file is nested too deeply (more than ${MAX_NESTING_DEPTH} levels). Please check the file format.`,
  );
}

function keyText(key: unknown): string {
  if (typeof key === "string") return key;
  if (typeof key === "number" || typeof key === "boolean" || typeof key === "bigint") return String(key);
  return "";
}

const LOCALE_LIKE = /^[a-z]{2}(?:[-_][A-Za-z0-9]{2,8})*$/;

/** The root `de:` of a Rails file: the only top-level key, a map, and a locale code. */
function findRoot(
  top: Map<unknown, YamlValue>,
  fallback: string,
): { key: string; language: string; value: Map<unknown, YamlValue> } | undefined {
  if (top.size !== 1) return undefined;
  const [rawKey, value] = [...top][0] ?? [];
  if (typeof rawKey !== "string" || !(value instanceof Map)) return undefined;
  const canonical = canonicalLanguage(rawKey);
  if (canonical !== undefined) return { key: rawKey, language: canonical, value };
  if (LOCALE_LIKE.test(rawKey) || rawKey.toLowerCase() === fallback.toLowerCase()) {
    return { key: rawKey, language: rawKey.replace(/_/g, "-"), value };
  }
  return undefined;
}

/** The forms of a Rails plural map, or undefined when the map is not one. */
function pluralForms(map: Map<unknown, YamlValue>, language: string): PluralForms | undefined {
  if (map.size === 0) return undefined;
  for (const [key, value] of map) {
    if (typeof key !== "string" || !isPluralCategory(key) || typeof value !== "string") return undefined;
  }
  const categories = new Set(
    [...map.keys()].filter((key) => typeof key === "string").filter(isPluralCategory),
  );
  if (!classifyPluralGroup(categories, language).plural) return undefined;
  const forms: PluralForms = {};
  for (const category of PLURAL_CATEGORIES) {
    const form = map.get(category);
    if (typeof form === "string") forms[category] = form;
  }
  return forms;
}

function toYamlMap(tree: Tree<string | PluralForms>): YAMLMap {
  const map = new YAMLMap();
  for (const [name, value] of tree) {
    let node: Scalar | YAMLMap;
    if (typeof value === "string") node = new Scalar(value);
    else if (value instanceof Map) node = toYamlMap(value);
    else {
      const forms = new YAMLMap();
      for (const category of PLURAL_CATEGORIES) {
        const form = value[category];
        if (form !== undefined) forms.items.push(new Pair(new Scalar(category), new Scalar(form)));
      }
      node = forms;
    }
    map.items.push(new Pair(new Scalar(name), node));
  }
  return map;
}
