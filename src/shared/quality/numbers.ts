import type { Placeholder } from "../placeholders/detect.ts";
import { type Context, leafPlaceholders, type Problem, quote } from "./context.ts";

/** ASCII digits and the digit blocks translations use (Arabic-Indic, Persian, Devanagari, Thai…). */
const ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0xf20,
  0x1040, 0x17e0, 0x1810, 0xff10,
];
const DIGIT = new RegExp(`[0-9${ZEROS.map((z) => `\\u${hex(z)}-\\u${hex(z + 9)}`).join("")}]`);
const NON_ASCII_DIGIT = new RegExp(`[${ZEROS.map((z) => `\\u${hex(z)}-\\u${hex(z + 9)}`).join("")}]`, "g");

function hex(code: number): string {
  return code.toString(16).padStart(4, "0");
}

/** Other digits as ASCII ones (each is one UTF-16 unit either way, so offsets stay right). */
function asciiDigits(text: string): string {
  NON_ASCII_DIGIT.lastIndex = 0;
  if (!NON_ASCII_DIGIT.test(text)) return text;
  return text.replace(NON_ASCII_DIGIT, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
    return String(code - zero);
  });
}

/**
 * A number as written, digit groups joined by grouping or decimal separators: `1,000.50`,
 * `1.000,50`, `1 000` (a space only before a group of exactly three digits).
 */
const NUMBER = /\d+(?:(?:[.,'\u2019\u00a0\u202f\u2009]|[ ](?=\d{3}(?!\d)))\d+)*/g;
/** Where digits are not the text's own numbers: URLs, e-mail addresses, tags. */
const NOT_TEXT =
  /\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"'`{}|\\^[\]]+|[\p{L}\p{N}._+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|<\/?[A-Za-z][^<>]*>/gu;

/**
 * The number's value, whatever the locale's separators: a separator before exactly three digits
 * groups (`1,000` = `1.000` = `1 000` = 1000), any other is the decimal mark (`1,5` = `1.5`).
 */
function canonical(token: string): string {
  let out = "";
  for (const group of token.split(/(?=[^\d])/)) {
    if (/^\d/.test(group)) out += group;
    else {
      const digits = group.slice(1);
      out += digits.length === 3 ? digits : `.${digits}`;
    }
  }
  return out;
}

/** Separate digit runs without leading zeros: dates and times written in another order still match. */
function runs(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const token of tokens) for (const run of token.split(/\D+/)) out.push(run.replace(/^0+(?=\d)/, ""));
  return out.sort();
}

function inside(ranges: readonly number[], index: number): boolean {
  for (let i = 0; i < ranges.length; i += 2)
    if (index >= (ranges[i] ?? 0) && index < (ranges[i + 1] ?? 0)) return true;
  return false;
}

/** The text's own numbers: not in placeholders, plural selectors (`=0`), URLs, e-mails or tags. */
function numbersOf(text: string, placeholders: readonly Placeholder[]): string[] {
  if (!DIGIT.test(text)) return [];
  const skip: number[] = [];
  for (const p of leafPlaceholders(placeholders)) skip.push(p.start, p.end);
  if (text.includes("://") || text.includes("www.") || text.includes("@") || text.includes("<")) {
    for (const m of text.matchAll(NOT_TEXT)) skip.push(m.index, m.index + m[0].length);
  }
  const digits = asciiDigits(text);
  const out: string[] = [];
  for (const m of digits.matchAll(NUMBER)) {
    const before = text[m.index - 1];
    if (before === "=" && placeholders.length > 0) continue; // `=0 {…}` selects, it is not text
    if (before === ":" && /offset\s*:$/.test(text.slice(Math.max(0, m.index - 8), m.index))) continue;
    if (skip.length > 0 && inside(skip, m.index)) continue;
    out.push(m[0]);
  }
  return out;
}

/** The tokens (as written) whose value `other` lacks, counting repeats. */
function unmatched(tokens: readonly string[], values: readonly string[], other: readonly string[]): string[] {
  const rest = [...other];
  const out: string[] = [];
  values.forEach((value, i) => {
    const at = rest.indexOf(value);
    if (at < 0) out.push(tokens[i] ?? value);
    else rest.splice(at, 1);
  });
  return out;
}

export function numbers(c: Context): Problem | undefined {
  if (!DIGIT.test(c.source) && !DIGIT.test(c.value)) return undefined;
  const s = numbersOf(c.source, c.sourcePlaceholders);
  const v = numbersOf(c.value, c.valuePlaceholders);
  if (s.length === 0 && v.length === 0) return undefined;
  if (s.length === v.length && s.every((token, i) => token === v[i])) return undefined;
  const sc = s.map(canonical);
  const vc = v.map(canonical);
  const missing = unmatched(s, sc, vc);
  const extra = unmatched(v, vc, sc);
  if (missing.length === 0 && extra.length === 0) return undefined;
  const sr = runs(s);
  const vr = runs(v);
  if (sr.length === vr.length && sr.every((run, i) => run === vr[i])) return undefined;
  const parts = [];
  if (missing.length > 0) parts.push(`missing ${missing.map(quote).join(", ")}`);
  if (extra.length > 0) parts.push(`not in the source: ${extra.map(quote).join(", ")}`);
  return { message: `Numbers differ: ${parts.join("; ")}` };
}
