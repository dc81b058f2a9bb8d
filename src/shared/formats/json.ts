import { FORMAT_INFO } from "./format-info.ts";
import { classifyPluralGroup, isPluralCategory, pluralsToIcu } from "./plurals.ts";
import {
  type FormatDefinition,
  FormatError,
  MAX_NESTING_DEPTH,
  type ParsedFile,
  PLURAL_CATEGORIES,
  type PluralCategory,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

/**
 * JSON, flat (`{"label.save": "Save"}`) or nested (`{"label": {"save": "Save"}}`), the way i18next,
 * FormatJS and most web apps keep their strings.
 *
 * Reading:
 * - nested objects become dotted keys (`flattenNestedKeys`, default on); off, only top-level strings
 *   are read and nested objects are skipped with a warning;
 * - only strings are text: numbers, booleans, null and arrays are skipped with a warning. Arrays are
 *   not turned into `key.0` keys: the export could not give an array back, and Sprog skips
 *   numeric-only keys anyway. Compiled FormatJS messages (values that are ASTs, arrays of
 *   `{type, value}` objects) are refused with an error naming the problem;
 * - i18next plural siblings `key_one`, `key_other`… become one plural entry `key` when
 *   `classifyPluralGroup` says the group is a real plural (see there; excalidraw's
 *   `arrowhead_crowfoot_one` / `_many` are not). Not grouped: a base that is itself a key, a base
 *   ending in `_ordinal` (i18next ordinals), the forms' variable is always `count`;
 * - ICU plural messages (`{x, plural, …}`) stay plain values; keys made only of digits and empty
 *   keys are skipped with a warning; a key seen twice keeps the first value. Order follows the
 *   file, except that JSON.parse puts integer-like names (`"404"`) first within each object.
 *
 * Writing: `{lang}.json`; `nested` writes objects by the dots in keys, and a key that is both a
 * value and a prefix of other keys (`a` and `a.b`) keeps its value and the longer keys are written
 * with their dotted rest as one key next to it (`{"a": "x", "a.b": "y"}`), which reads back to the
 * same keys. `flattenPlurals` writes `key_one`/`key_other`; off (or when such a key is already taken
 * by another entry), one ICU plural message. Forms are written as they are: a `#` from an ICU
 * plural stays `#` in `key_one` (i18next does not interpolate it; placeholder conversion is the
 * export's job). `pretty` indents by two spaces; names keep the entries' order.
 */

export const jsonFormat: FormatDefinition = {
  id: "json",
  label: FORMAT_INFO.json.label,
  extensions: FORMAT_INFO.json.extensions,
  async parse(bytes, options) {
    const text = decodeText(bytes, "JSON");
    const data = parseJsonText(text);
    const log = new SkipLog();
    if (!isPlainObject(data)) throw new FormatError(notAnObjectMessage(data, "JSON"));
    rejectCompiledMessages(data);
    const leaves = flattenTree(data, options.flattenNestedKeys ?? true, log);
    const entries = groupI18nextPlurals(leaves, options.language, log);
    return { languages: { [options.language]: entries }, warnings: log.messages() } satisfies ParsedFile;
  },
  async serialize(languages, options) {
    const encoder = new TextEncoder();
    return Object.entries(languages).map(([language, entries]) => {
      const leaves = jsonLeaves(entries, options.flattenPlurals);
      const tree = options.nested ? nestKeys(leaves) : flatTree(leaves);
      return { path: `${language}.json`, bytes: encoder.encode(writeJson(tree, options.pretty)) };
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Helpers shared by the text formats (YAML, ARB and CSV read their bytes and skips the same way).

/**
 * Bytes → text: UTF-8 (a BOM is dropped) or UTF-16 with a BOM. Binary data (NUL bytes) and invalid
 * UTF-8 are refused with a FormatError; `latin1Fallback` reads invalid UTF-8 as Windows-1252
 * instead (old Excel CSV exports) and says so through `onFallback`.
 */
export function decodeText(
  bytes: Uint8Array,
  what: string,
  latin1Fallback?: { onFallback: () => void },
): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decodeStrict("utf-16le", bytes.subarray(2), what);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decodeStrict("utf-16be", bytes.subarray(2), what);
  else {
    if (bytes.includes(0)) throw binaryError(what);
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      if (latin1Fallback === undefined) {
        throw new FormatError(
          `This ${what} file is not valid UTF-8 text (it may be binary or saved in another encoding). Save it as UTF-8 and try again.`,
        );
      }
      latin1Fallback.onFallback();
      text = new TextDecoder("windows-1252").decode(bytes);
    }
  }
  if (text.includes("\u0000")) throw binaryError(what);
  return text;
}

function decodeStrict(encoding: string, bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw binaryError(what);
  }
}

function binaryError(what: string): FormatError {
  return new FormatError(`This file contains binary data, not ${what} text. Please check the file format.`);
}

/** Why keys were skipped, in the singular and the plural ("key made only of digits"). */
export interface SkipReason {
  one: string;
  other: string;
}

/** Collects skipped keys by reason and reports each reason once: "Skipped 3 …: a, b, c". */
export class SkipLog {
  readonly #reasons = new Map<SkipReason, string[]>();
  readonly #notes: string[] = [];

  /** A key skipped for `reason`. */
  skip(reason: SkipReason, key: string): void {
    const keys = this.#reasons.get(reason);
    if (keys === undefined) this.#reasons.set(reason, [key]);
    else keys.push(key);
  }

  /** A warning on its own. */
  note(message: string): void {
    this.#notes.push(message);
  }

  messages(): string[] {
    const out = [...this.#notes];
    for (const [reason, keys] of this.#reasons) {
      const shown = keys.slice(0, 10).map((key) => (key === "" ? "(empty key)" : key));
      const more = keys.length > shown.length ? ` and ${keys.length - shown.length} more` : "";
      const what = keys.length === 1 ? reason.one : reason.other;
      out.push(`Skipped ${keys.length} ${what}: ${shown.join(", ")}${more}.`);
    }
    return out;
  }
}

const reason = (one: string, other: string): SkipReason => ({ one, other });
export const SKIP_NOT_TEXT = reason(
  "value that is not text (a number, true/false or null)",
  "values that are not text (numbers, true/false, null)",
);
export const SKIP_ARRAYS = reason(
  "list (array), which Sprog does not import",
  "lists (arrays), which Sprog does not import",
);
export const SKIP_NUMERIC = reason("key made only of digits", "keys made only of digits");
export const SKIP_EMPTY_KEY = reason("value with an empty key", "values with an empty key");
export const SKIP_DUPLICATE = reason(
  "key that appears twice (the first value was kept)",
  "keys that appear twice (the first value was kept)",
);
export const SKIP_NESTED = reason(
  "nested object (nested keys are turned off for this import)",
  "nested objects (nested keys are turned off for this import)",
);
export const SKIP_OTHER_TYPES = reason(
  "value of another type (a date, binary data or a set)",
  "values of other types (dates, binary data, sets)",
);
export const SKIP_ARB_NESTED = reason(
  "nested object (ARB files are flat)",
  "nested objects (ARB files are flat)",
);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function notAnObjectMessage(value: unknown, what: string): string {
  const found = Array.isArray(value) ? "a list" : value === null ? "null" : `a ${typeof value}`;
  return `This ${what} file must hold an object of keys and texts at the top level, but it holds ${found}.`;
}

/** JSON.parse with the error message the import screen shows. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new FormatError("Invalid JSON file. Please check the file format.");
  }
}

function isCompiledMessage(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((part) => isPlainObject(part) && typeof part.type === "number")
  );
}

/** FormatJS `compile` output (`"key": [{"type": 0, "value": "Save"}]`) is not source text. */
function rejectCompiledMessages(data: Record<string, unknown>): void {
  const values = Object.values(data);
  const compiled = values.filter(isCompiledMessage).length;
  if (compiled > 0 && compiled >= values.filter((value) => typeof value === "string").length) {
    throw new FormatError(
      "This JSON file holds compiled FormatJS messages (message syntax trees, not text). Import the source messages instead (the file you pass to `formatjs compile`).",
    );
  }
}

export interface Leaf {
  key: string;
  value: string;
}

/**
 * Depth-first walk of a parsed object into dotted leaves, refusing more than MAX_NESTING_DEPTH
 * levels. `flatten` off keeps top-level strings only.
 */
export function flattenTree(root: Record<string, unknown>, flatten: boolean, log: SkipLog): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (node: Record<string, unknown>, prefix: string, depth: number): void => {
    if (depth > MAX_NESTING_DEPTH) {
      throw new FormatError(
        `This file is nested more than ${MAX_NESTING_DEPTH} levels deep (at “${prefix}”). Please check the file format.`,
      );
    }
    for (const [name, value] of Object.entries(node)) {
      const key = prefix === "" && depth === 1 ? name : `${prefix}.${name}`;
      if (typeof value === "string") leaves.push({ key, value });
      else if (isPlainObject(value)) {
        if (flatten) walk(value, key, depth + 1);
        else log.skip(SKIP_NESTED, key);
      } else if (Array.isArray(value)) log.skip(SKIP_ARRAYS, key);
      else log.skip(SKIP_NOT_TEXT, key);
    }
  };
  walk(root, "", 1);
  return leaves;
}

/** Drops empty, numeric-only and repeated keys (with warnings). */
export function acceptableLeaves<T extends { key: string }>(leaves: readonly T[], log: SkipLog): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const leaf of leaves) {
    if (leaf.key.trim() === "") log.skip(SKIP_EMPTY_KEY, leaf.key);
    else if (/^\d+$/.test(leaf.key)) log.skip(SKIP_NUMERIC, leaf.key);
    else if (seen.has(leaf.key)) log.skip(SKIP_DUPLICATE, leaf.key);
    else {
      seen.add(leaf.key);
      out.push(leaf);
    }
  }
  return out;
}

/** One warning for the plurals read without an `other` form (frigate ru). */
export function noteMissingOther(log: SkipLog, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const shown = keys.slice(0, 10).join(", ") + (keys.length > 10 ? ` and ${keys.length - 10} more` : "");
  log.note(
    `${keys.length} plural${keys.length === 1 ? " has" : "s have"} no “other” form (${shown}); ICU and i18next need it for numbers no other form covers.`,
  );
}

const SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/s;

/** Leaves → entries, i18next plural siblings merged into plural entries (rule: `classifyPluralGroup`). */
function groupI18nextPlurals(all: readonly Leaf[], language: string, log: SkipLog): TranslationEntry[] {
  const leaves = acceptableLeaves(all, log);
  const keys = new Set(leaves.map((leaf) => leaf.key));
  const groups = new Map<string, Map<PluralCategory, string>>();
  for (const leaf of leaves) {
    const match = SUFFIX.exec(leaf.key);
    const base = match?.[1];
    const category = match?.[2];
    if (base === undefined || category === undefined || !isPluralCategory(category)) continue;
    if (keys.has(base) || base.endsWith(".") || base.endsWith("_ordinal")) continue;
    const group = groups.get(base) ?? new Map<PluralCategory, string>();
    group.set(category, leaf.value);
    groups.set(base, group);
  }
  const plurals = new Map<string, PluralForms>();
  const missingOther: string[] = [];
  for (const [base, group] of groups) {
    const verdict = classifyPluralGroup(new Set(group.keys()), language);
    if (!verdict.plural) continue;
    const forms: PluralForms = {};
    for (const category of PLURAL_CATEGORIES) {
      const form = group.get(category);
      if (form !== undefined) forms[category] = form;
    }
    plurals.set(base, forms);
    if (forms.other === undefined) missingOther.push(base);
  }
  noteMissingOther(log, missingOther);
  const entries: TranslationEntry[] = [];
  const emitted = new Set<string>();
  for (const leaf of leaves) {
    const base = SUFFIX.exec(leaf.key)?.[1];
    const forms = base === undefined ? undefined : plurals.get(base);
    if (base !== undefined && forms !== undefined) {
      if (!emitted.has(base)) {
        emitted.add(base);
        entries.push({ key: base, plurals: forms, pluralVariable: "count" });
      }
    } else {
      entries.push({ key: leaf.key, value: leaf.value });
    }
  }
  return entries;
}

/** Entries → key/value leaves for JSON (plural entries as i18next keys or one ICU message). */
function jsonLeaves(entries: readonly TranslationEntry[], flattenPlurals: boolean): Leaf[] {
  const plainKeys = new Set(entries.filter((entry) => entry.plurals === undefined).map((entry) => entry.key));
  const leaves: Leaf[] = [];
  for (const entry of entries) {
    const forms = entry.plurals;
    if (forms === undefined) {
      leaves.push({ key: entry.key, value: entry.value ?? "" });
      continue;
    }
    const suffixed = PLURAL_CATEGORIES.flatMap((category) => {
      const form = forms[category];
      return form === undefined ? [] : [{ key: `${entry.key}_${category}`, value: form }];
    });
    if (flattenPlurals && suffixed.length > 0 && suffixed.every((leaf) => !plainKeys.has(leaf.key))) {
      leaves.push(...suffixed);
    } else {
      leaves.push({ key: entry.key, value: pluralsToIcu(forms, entry.pluralVariable ?? "count") });
    }
  }
  return leaves;
}

export type Tree<T> = Map<string, T | Tree<T>>;

function flatTree<T>(items: readonly { key: string; value: T }[]): Tree<T> {
  const tree: Tree<T> = new Map();
  for (const item of items) if (!tree.has(item.key)) tree.set(item.key, item.value);
  return tree;
}

/**
 * Dotted keys → nested maps, in first-seen order. A key that is also another key's prefix (`a`
 * and `a.b`): the longer key goes next to the shorter one as a single dotted name (`"a.b"`) at the
 * level where they part, so flattening gives every key back. A repeated key keeps the first value.
 */
export function nestKeys<T>(items: readonly { key: string; value: T }[]): Tree<T> {
  const keys = new Set(items.map((item) => item.key));
  const root: Tree<T> = new Map();
  for (const item of items) {
    const segments = item.key.split(".");
    let split = segments.length - 1;
    for (let i = 0; i < segments.length - 1; i++) {
      if (keys.has(segments.slice(0, i + 1).join("."))) {
        split = i;
        break;
      }
    }
    let node = root;
    for (const segment of segments.slice(0, split)) {
      let child = node.get(segment);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(segment, child);
      }
      node = child;
    }
    const name = segments.slice(split).join(".");
    if (!node.has(name)) node.set(name, item.value);
  }
  return root;
}

/** Writes a tree of strings as JSON, keeping map order (even for keys like "10"). */
export function writeJson(tree: Tree<string>, pretty: boolean): string {
  const write = (node: Tree<string>, indent: string): string => {
    if (node.size === 0) return "{}";
    const inner = pretty ? `${indent}  ` : "";
    const parts = [...node].map(([name, value]) => {
      const written = typeof value === "string" ? JSON.stringify(value) : write(value, inner);
      return `${inner}${JSON.stringify(name)}:${pretty ? " " : ""}${written}`;
    });
    return pretty ? `{\n${parts.join(",\n")}\n${indent}}` : `{${parts.join(",")}}`;
  };
  return pretty ? `${write(tree, "")}\n` : write(tree, "");
}
