import { Document, Pair, parseAllDocuments, Scalar, YAMLMap, type Document as YamlDocument } from "yaml";
import { canonicalLanguage } from "../languages.ts";
import { FORMAT_INFO } from "./format-info.ts";
import {
  acceptableLeaves,
  decodeText,
  noteMissingOther,
  SKIP_NESTED,
  SKIP_OTHER_TYPES,
  SKIP_TOO_DEEP,
  SkipLog,
  toMetaValue,
} from "./json-text.ts";
import { nestKeys, type Tree } from "./json-tree.ts";
import { classifyPluralGroup, isPluralCategory } from "./plurals.ts";
import {
  type FormatDefinition,
  FormatError,
  type FormatMeta,
  MAX_NESTING_DEPTH,
  type MetaValue,
  PLURAL_CATEGORIES,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";
import { commentedKey, commentText, rawComment, readComments } from "./yaml-comments.ts";

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
 * What it keeps: keys in file order, strings (`''` too), plurals, values that are not text, and
 * comments. `meta` per key: `{"lineComment": "…"}` (a comment after the value on its line) and
 * `{"groupComments": {"errors.messages": "…"}}` on the first key below a map that has a comment
 * above it. `fileMeta` per language: `{"header": "…"}` (the comment above the document),
 * `{"rootComment": "…"}` (above `de:`), `{"documentStart": true}` (a `---` line) and
 * `{"rootKey": "pt_BR"}` when the root is spelled otherwise than the language, `null` when the file
 * has no locale root.
 *
 * Reading: a file with a single top-level key that looks like a locale (`de`, `pt-BR`, `zh_TW`)
 * is rooted there and that key is the language (canonical catalogue code when there is one);
 * otherwise the whole file is read as `options.language`. Nested maps become dotted keys
 * (`flattenNestedKeys` off: top-level values only). A map whose keys are all plural categories
 * and whose values are all strings is a Rails plural when `classifyPluralGroup` says so (with
 * `other` and another form, or three forms covering a ru/pl/ar-style language without `other`);
 * its variable is `count`. Lists, numbers, booleans, null and empty maps (Rails `day_names`,
 * `order: [:year, :month, :day]`, `precision: 3`) are entries with `valueType: "json"` and their
 * JSON as the value (a Ruby symbol `:year` is the string ":year", which is written back plain as
 * `:year`); binary data and sets are skipped with a warning. A comment above a key is its `comment`.
 * YAML 1.2 core schema, merge keys (`<<: *base`) on, at most 100 aliases (alias bombs),
 * MAX_NESTING_DEPTH levels.
 *
 * Writing: `{lang}.yml` rooted at the language (or as `fileMeta` says), entries in the order given,
 * nested by the dots in keys, each map where its first key was (a key that is also a prefix keeps
 * its value and the longer key is written as a dotted name next to it), plural entries as category
 * maps, JSON values as YAML lists, numbers, booleans and null, comments above their keys. Scalars
 * are quoted for YAML 1.1 readers too (Ruby's Psych reads `yes`, `no`, `on` as booleans), lines are
 * never folded.
 */

const MAX_ALIASES = 100;

type YamlValue = unknown;

interface YamlItem {
  key: string;
  value?: string;
  json?: true;
  plurals?: PluralForms;
}

export const yamlFormat: FormatDefinition = {
  id: "yaml",
  label: FORMAT_INFO.yaml.label,
  extensions: FORMAT_INFO.yaml.extensions,
  async parse(bytes, options) {
    const text = decodeText(bytes, "YAML");
    const log = new SkipLog();
    const { doc, top } = loadYaml(text, log);
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
        else if (value instanceof Map && value.size > 0) {
          const forms = pluralForms(value, language);
          if (forms !== undefined) {
            items.push({ key, plurals: forms });
            if (forms.other === undefined) missingOther.push(key);
          } else if (flatten) walk(value, key, depth + 1);
          else log.skip(SKIP_NESTED, key);
        } else {
          const converted = toMetaValue(value, depth + 1);
          if (converted === "deep") log.skip(SKIP_TOO_DEEP, key);
          else if (converted === "other") log.skip(SKIP_OTHER_TYPES, key);
          else items.push({ key, value: JSON.stringify(converted.json), json: true });
        }
      }
    };
    walk(body, "", 1);
    noteMissingOther(log, missingOther);
    const comments = readComments(doc, root?.key);
    const groups = new Map(comments.before);
    const entries = acceptableLeaves(items, log).map((item): TranslationEntry => {
      const entry: TranslationEntry =
        item.plurals !== undefined
          ? { key: item.key, plurals: item.plurals, pluralVariable: "count" }
          : item.json
            ? { key: item.key, value: item.value ?? "", valueType: "json" }
            : { key: item.key, value: item.value ?? "" };
      const before = comments.before.get(item.key);
      if (before !== undefined) entry.comment = before;
      groups.delete(item.key);
      const meta: FormatMeta = {};
      const after = comments.after.get(item.key);
      if (after !== undefined) meta.lineComment = after;
      const above: { [prefix: string]: MetaValue } = {};
      for (const [path, comment] of groups) {
        if (item.key.startsWith(`${path}.`)) {
          above[path] = comment;
          groups.delete(path);
        }
      }
      if (Object.keys(above).length > 0) meta.groupComments = above;
      if (Object.keys(meta).length > 0) entry.meta = meta;
      return entry;
    });
    const fileMeta: FormatMeta = {};
    const header = commentText(doc.commentBefore);
    if (header !== undefined) fileMeta.header = header;
    if (comments.root !== undefined) fileMeta.rootComment = comments.root;
    if (doc.directives?.docStart === true) fileMeta.documentStart = true;
    if (root === undefined) fileMeta.rootKey = null;
    else if (root.key !== language) fileMeta.rootKey = root.key;
    return {
      languages: { [language]: entries },
      warnings: log.messages(),
      ...(Object.keys(fileMeta).length > 0 ? { fileMeta: { [language]: fileMeta } } : {}),
    };
  },
  async serialize(languages, options) {
    const encoder = new TextEncoder();
    return Object.entries(languages).map(([language, entries]) => {
      const fileMeta = options.fileMeta?.[language] ?? {};
      const doc = new Document(null, { version: "1.1" });
      const body = toYamlMap(doc, entries);
      const rootKey = fileMeta.rootKey === undefined ? language : fileMeta.rootKey;
      if (typeof rootKey === "string") {
        const root = new YAMLMap();
        const comment = typeof fileMeta.rootComment === "string" ? fileMeta.rootComment : undefined;
        root.items.push(new Pair(commentedKey(rootKey, comment), body));
        doc.contents = root;
      } else doc.contents = body;
      if (typeof fileMeta.header === "string") doc.commentBefore = rawComment(fileMeta.header);
      if (fileMeta.documentStart === true && doc.directives !== undefined) doc.directives.docStart = true;
      return { path: `${language}.yml`, bytes: encoder.encode(doc.toString({ lineWidth: 0, indent: 2 })) };
    });
  },
};

function loadYaml(text: string, log: SkipLog): { doc: YamlDocument; top: Map<unknown, YamlValue> } {
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
  return { doc, top: value };
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

type Written = { entry: TranslationEntry };

/** Entries → the YAML map below the root, in the order given, with their comments. */
function toYamlMap(doc: YamlDocument, entries: readonly TranslationEntry[]): YAMLMap {
  const groupComments = new Map<string, string>();
  for (const entry of entries) {
    const groups = entry.meta?.groupComments;
    if (groups === null || typeof groups !== "object" || Array.isArray(groups)) continue;
    for (const [path, comment] of Object.entries(groups)) {
      if (typeof comment === "string" && !groupComments.has(path)) groupComments.set(path, comment);
    }
  }
  const build = (tree: Tree<Written>, prefix: string): YAMLMap => {
    const map = new YAMLMap();
    for (const [name, value] of tree) {
      const path = prefix === "" ? name : `${prefix}.${name}`;
      if (value instanceof Map) {
        map.items.push(new Pair(commentedKey(name, groupComments.get(path)), build(value, path)));
        continue;
      }
      const { entry } = value;
      const node = valueNode(doc, entry);
      const lineComment = entry.meta?.lineComment;
      if (typeof lineComment === "string") node.comment = rawComment(lineComment);
      map.items.push(new Pair(commentedKey(name, entry.comment), node));
    }
    return map;
  };
  return build(nestKeys<Written>(entries.map((entry) => ({ key: entry.key, value: { entry } }))), "");
}

function valueNode(
  doc: YamlDocument,
  entry: TranslationEntry,
): Scalar | YAMLMap | ReturnType<YamlDocument["createNode"]> {
  const forms = entry.plurals;
  if (forms !== undefined) {
    const map = new YAMLMap();
    for (const category of PLURAL_CATEGORIES) {
      const form = forms[category];
      if (form !== undefined) map.items.push(new Pair(new Scalar(category), textScalar(form)));
    }
    return map;
  }
  const value = entry.value ?? "";
  if (entry.valueType === "json") {
    try {
      return doc.createNode(JSON.parse(value));
    } catch {
      // Not JSON after all: the text is still the value.
    }
  }
  return textScalar(value);
}

/**
 * A string scalar. The `yaml` library writes a line of only blanks in a block scalar without an
 * indentation indicator (`|+` then `   `), which reads back as an empty line: such text is
 * double-quoted instead.
 */
function textScalar(value: string): Scalar {
  const scalar = new Scalar(value);
  if (value.includes("\n") && /(^|\n)[ \t]+(\n|$)/.test(value)) scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}
