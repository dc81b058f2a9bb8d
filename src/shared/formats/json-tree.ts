import { isPlainObject, SKIP_NESTED, SKIP_TOO_DEEP, type SkipLog, toMetaValue } from "./json-text.ts";
import { FormatError, MAX_NESTING_DEPTH, type TranslationEntry } from "./types.ts";

/**
 * Nested objects ⇄ dotted keys, shared by JSON, YAML and ARB: the walk that reads a parsed object
 * into leaves in file order, and the tree that writes leaves back nested in the order given.
 */

/** JSON text written as it is (a list, number, boolean or null: `valueType: "json"`). */
export interface JsonText {
  json: string;
}

export interface Leaf {
  key: string;
  value: string;
  /** The value is JSON text of a non-string value (`valueType: "json"`). */
  json?: true;
}

/** A leaf as an entry (`valueType: "json"` for non-string values). */
export function leafEntry(leaf: Leaf): TranslationEntry {
  return leaf.json
    ? { key: leaf.key, value: leaf.value, valueType: "json" }
    : { key: leaf.key, value: leaf.value };
}

/**
 * An entry's value as what a tree writes: JSON text for `valueType: "json"` when it is JSON, else
 * the text.
 */
export function entryLeafValue(entry: TranslationEntry): string | JsonText {
  const value = entry.value ?? "";
  if (entry.valueType !== "json") return value;
  try {
    JSON.parse(value);
    return { json: value };
  } catch {
    return value;
  }
}

/**
 * Depth-first walk of a parsed object into dotted leaves, refusing more than MAX_NESTING_DEPTH
 * levels. Strings are text; numbers, booleans, null, lists and empty objects are JSON leaves.
 * `flatten` off keeps top-level values only.
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
      else if (isPlainObject(value) && Object.keys(value).length > 0) {
        if (flatten) walk(value, key, depth + 1);
        else log.skip(SKIP_NESTED, key);
      } else {
        const converted = toMetaValue(value, depth + 1);
        if (converted instanceof Object)
          leaves.push({ key, value: JSON.stringify(converted.json), json: true });
        else log.skip(SKIP_TOO_DEEP, key);
      }
    }
  };
  walk(root, "", 1);
  return leaves;
}

export type Tree<T> = Map<string, T | Tree<T>>;

export function flatTree<T>(items: readonly { key: string; value: T }[]): Tree<T> {
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

/**
 * Writes a tree as JSON, keeping map order (even for keys like "10"). JSON text leaves are written
 * as their value, indented like the rest when `pretty`.
 */
export function writeJson(tree: Tree<string | JsonText>, pretty: boolean, unit = "  "): string {
  const write = (node: Tree<string | JsonText>, indent: string): string => {
    if (node.size === 0) return "{}";
    const inner = pretty ? `${indent}${unit}` : "";
    const parts = [...node].map(([name, value]) =>
      value instanceof Map
        ? `${inner}${JSON.stringify(name)}:${pretty ? " " : ""}${write(value, inner)}`
        : jsonMember(name, value, inner, pretty, unit),
    );
    return pretty ? `{\n${parts.join(",\n")}\n${indent}}` : `{${parts.join(",")}}`;
  };
  return pretty ? `${write(tree, "")}\n` : write(tree, "");
}

/** One `"name": value` of an object written at `indent` (the members' own indentation). */
export function jsonMember(
  name: string,
  value: string | JsonText,
  indent: string,
  pretty: boolean,
  unit = "  ",
): string {
  const written =
    typeof value === "string"
      ? JSON.stringify(value)
      : JSON.stringify(JSON.parse(value.json), null, pretty ? unit : 0).replace(/\n/g, `\n${indent}`);
  return `${indent}${JSON.stringify(name)}:${pretty ? " " : ""}${written}`;
}

/**
 * A flat object written a member at a time, exactly as `writeJson(flatTree(members), pretty)`
 * writes it whole: a name given again keeps its first value.
 */
export function flatJsonWriter(
  pretty: boolean,
  unit = "  ",
): {
  write(members: readonly { key: string; value: string | JsonText }[]): string;
  end(): string;
} {
  const seen = new Set<string>();
  const indent = pretty ? unit : "";
  return {
    write(members) {
      let text = "";
      for (const { key, value } of members) {
        if (seen.has(key)) continue;
        const separator = seen.size === 0 ? (pretty ? "{\n" : "{") : pretty ? ",\n" : ",";
        seen.add(key);
        text += separator + jsonMember(key, value, indent, pretty, unit);
      }
      return text;
    },
    end() {
      if (seen.size === 0) return pretty ? "{}\n" : "{}";
      return pretty ? "\n}\n" : "}";
    },
  };
}
