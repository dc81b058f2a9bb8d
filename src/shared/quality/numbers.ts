import type { Placeholder } from "../placeholders/detect.ts";
import { type Context, leafPlaceholders, type Problem, quote } from "./context.ts";
import { emailsOf, urlsOf } from "./text.ts";

const ANY_DIGIT = /\p{Nd}/u;
const NON_ASCII_DIGIT = /(?![0-9])\p{Nd}/u;
/** The zero of the digit blocks translations use (Arabic-Indic, Persian, Devanagari, Thai…). */
const ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0xf20,
  0x1040, 0x17e0, 0x1810, 0xff10,
];

function asciiDigits(text: string): string {
  if (!NON_ASCII_DIGIT.test(text)) return text;
  return text.replace(/(?![0-9])\p{Nd}/gu, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/**
 * A number as written, digit groups joined by grouping or decimal separators: `1,000.50`,
 * `1.000,50`, `1 000` (a space only before a group of exactly three digits).
 */
const NUMBER = /\d+(?:(?:[.,'\u2019\u00a0\u202f\u2009]|[ ](?=\d{3}(?!\d)))\d+)*/g;

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

/** Blanks out what is not the text's own numbers: placeholders, plural selectors, URLs, e-mails, tags. */
function masked(text: string, placeholders: readonly Placeholder[]): string {
  let out = text;
  const slots = leafPlaceholders(placeholders);
  if (slots.length > 0) {
    const chars = out.split("");
    for (const p of slots) chars.fill("\u0001", p.start, p.end);
    out = chars.join("");
  }
  if (placeholders.length > 0)
    out = out.replace(/=\d+\s*\{|offset\s*:\s*\d+/g, (m) => "\u0001".repeat(m.length));
  for (const found of [...urlsOf(out), ...emailsOf(out)]) out = out.replace(found, "\u0001");
  if (out.includes("<")) out = out.replace(/<\/?[A-Za-z][^<>]*>/g, "\u0001");
  return asciiDigits(out);
}

function numbersOf(text: string, placeholders: readonly Placeholder[]): string[] {
  if (!ANY_DIGIT.test(text)) return [];
  return masked(text, placeholders).match(NUMBER) ?? [];
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
  const sourceHas = ANY_DIGIT.test(c.source);
  if (!sourceHas && !ANY_DIGIT.test(c.value)) return undefined;
  const s = numbersOf(c.source, c.sourcePlaceholders);
  const v = numbersOf(c.value, c.valuePlaceholders);
  if (s.length === 0 && v.length === 0) return undefined;
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
