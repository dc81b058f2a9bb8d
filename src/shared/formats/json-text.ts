import { FormatError, InvalidJsonError, MAX_NESTING_DEPTH, type MetaValue } from "./types.ts";

/**
 * What the text formats share when reading: bytes to text, JSON text to a value, and the skip log
 * that turns skipped keys into one warning per reason (JSON, YAML, ARB, CSV and XLSX use it).
 */

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
export const SKIP_TOO_DEEP = reason(
  `value nested more than ${MAX_NESTING_DEPTH} levels deep`,
  `values nested more than ${MAX_NESTING_DEPTH} levels deep`,
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
    throw new InvalidJsonError("Invalid JSON file. Please check the file format.");
  }
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

/**
 * A parsed value (JSON, or YAML read with maps as `Map`) as a JSON value, for entries with
 * `valueType: "json"`: "deep" past MAX_NESTING_DEPTH levels (JSON.stringify would recurse that
 * far), "other" for what JSON has no type for (YAML binary, sets, non-text map keys).
 */
export function toMetaValue(value: unknown, depth = 1): { json: MetaValue } | "deep" | "other" {
  if (depth > MAX_NESTING_DEPTH) return "deep";
  if (value === null || typeof value === "string" || typeof value === "boolean") return { json: value };
  if (typeof value === "number") return Number.isFinite(value) ? { json: value } : "other";
  const children = (pairs: Iterable<[unknown, unknown]>): { json: MetaValue } | "deep" | "other" => {
    const object: { [key: string]: MetaValue } = {};
    for (const [key, child] of pairs) {
      if (typeof key !== "string" && typeof key !== "number") return "other";
      const converted = toMetaValue(child, depth + 1);
      if (!(converted instanceof Object)) return converted;
      // defineProperty: a "__proto__" name is a key like any other, not the object's prototype.
      Object.defineProperty(object, String(key), {
        value: converted.json,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { json: object };
  };
  if (Array.isArray(value)) {
    const list: MetaValue[] = [];
    for (const item of value) {
      const converted = toMetaValue(item, depth + 1);
      if (!(converted instanceof Object)) return converted;
      list.push(converted.json);
    }
    return { json: list };
  }
  if (value instanceof Map) return children(value);
  if (isPlainObject(value) && Object.getPrototypeOf(value) === Object.prototype) {
    return children(Object.entries(value));
  }
  return "other";
}
