import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { TYPE } from "@formatjs/icu-messageformat-parser";
import type { Placeholder } from "./detect.ts";

/**
 * A text made ready for the ICU parser (formatjs): other syntaxes' braces masked so that offsets
 * stay valid, and the commonest message answered without the parser at all. Used by `detect.ts`.
 */

/** ICU argument types formatjs knows; anything else (`float`, `text`) is masked before parsing. */
const ICU_TYPES = new Set([
  "number",
  "date",
  "time",
  "plural",
  "select",
  "selectordinal",
  "spellout",
  "ordinal",
  "duration",
]);

export interface Masked {
  masked: string;
  mustaches: Placeholder[];
  /** Start offset → original type, for arguments whose type was masked (`float`, `text`). */
  types: ReadonlyMap<number, string>;
}

/**
 * A same-length copy of `text` that formatjs accepts, so offsets stay valid:
 * - `{{name}}` (i18next), when asked, becomes spaces and is reported as a mustache placeholder;
 * - `{a.b}` / `{a-b}` names get `_` (formatjs rejects `.` and `-` in names);
 * - `{n, float}` / `{n, text}` (types of the spec that ICU lacks) lose the type (kept aside);
 * - an apostrophe that would open an ICU quote that never closes is treated as a plain
 *   apostrophe (a translator's `l'{name}`), while a closed quote `'{'…'` stays an escape.
 */
export function maskForParser(text: string, maskMustaches: boolean): Masked {
  // Most texts need no change: the copy is made only when one is (this runs for every string
  // with a brace that is checked, imported or exported; no closures here, for the same reason).
  let chars: string[] | undefined;
  let types: Map<number, string> | undefined;
  const mustaches: Placeholder[] = [];
  for (const match of maskMustaches ? text.matchAll(/\{\{-?\s*([\w.-]+)\s*(?:,[^{}]*)?\}\}/g) : []) {
    const start = match.index;
    const raw = match[0];
    mustaches.push({ raw, start, end: start + raw.length, kind: "mustache", name: match[1] ?? "" });
    chars ??= text.split("");
    chars.fill(" ", start, start + raw.length);
  }
  for (const match of text.matchAll(/\{(\s*)([\w.-]+)(\s*)(?:,(\s*)([A-Za-z]+)(\s*))?\}/g)) {
    const start = match.index;
    if (chars?.[start] === " ") continue; // inside a masked mustache
    const name = match[2] ?? "";
    const nameStart = start + 1 + (match[1]?.length ?? 0);
    for (let i = 0; i < name.length; i++) {
      if (name[i] === "." || name[i] === "-") {
        chars ??= text.split("");
        chars[nameStart + i] = "_";
      }
    }
    const type = match[5];
    if (type !== undefined && !ICU_TYPES.has(type)) {
      types ??= new Map();
      types.set(start, type);
      chars ??= text.split("");
      chars.fill(" ", nameStart + name.length, start + match[0].length - 1);
    }
  }
  if (text.includes("'")) {
    for (const position of unterminatedQuotes(text)) {
      chars ??= text.split("");
      chars[position] = "\u2019";
    }
  }
  return { masked: chars ? chars.join("") : text, mustaches, types: types ?? NO_TYPES };
}

const NO_TYPES: ReadonlyMap<number, string> = new Map();

/** Apostrophes that open an ICU quote (`'{`, `'<`…) with no closing apostrophe. */
function unterminatedQuotes(text: string): number[] {
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "'") continue;
    const next = text[i + 1];
    if (next === "'") {
      i++;
      continue;
    }
    // formatjs opens a quote before `{ } < >` even with ignoreTag (and before `#`, but only
    // inside plurals, which a flat scan cannot tell: `'#` is left to the parser).
    if (next !== "{" && next !== "}" && next !== "<" && next !== ">") continue;
    let close = -1;
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] !== "'") continue;
      if (text[j + 1] === "'") {
        j++;
        continue;
      }
      close = j;
      break;
    }
    if (close === -1) {
      open.push(i);
      continue;
    }
    i = close;
  }
  return open;
}

const SIMPLE_ARGUMENT = /\{\s*([A-Za-z0-9_]+)\s*\}/g;

function at(offset: number) {
  return { offset, line: 1, column: offset + 1 };
}

/**
 * What formatjs gives for the commonest message, text with plain `{name}` arguments (no other
 * brace, no apostrophe that could quote): literals and arguments with their offsets, without
 * running the parser, which was most of the time of checking such a string. Undefined for any
 * other message. A test compares it with the parser's answer.
 */
export function simpleElements(masked: string): MessageFormatElement[] | undefined {
  if (masked.includes("'")) return undefined;
  const elements: MessageFormatElement[] = [];
  let from = 0;
  for (const match of masked.matchAll(SIMPLE_ARGUMENT)) {
    if (!pushLiteral(masked, from, match.index, elements)) return undefined;
    const end = match.index + match[0].length;
    elements.push({
      type: TYPE.argument,
      value: match[1] ?? "",
      location: { start: at(match.index), end: at(end) },
    });
    from = end;
  }
  return pushLiteral(masked, from, masked.length, elements) ? elements : undefined;
}

/** The text between arguments as a literal element; false when it holds a brace (not simple). */
function pushLiteral(text: string, start: number, end: number, elements: MessageFormatElement[]): boolean {
  if (end <= start) return true;
  const value = text.slice(start, end);
  if (value.includes("{") || value.includes("}")) return false;
  elements.push({ type: TYPE.literal, value, location: { start: at(start), end: at(end) } });
  return true;
}
