import type { Placeholder } from "./detect.ts";

/**
 * printf conversions accepted as placeholders. Deliberately without `n` (writes memory; Rails
 * uses `%n` for "the number" in its own formats), `p`, `o`, `a`/`A`, and the wide `S`/`C`: they
 * never carry text in localization files and would only add false hits in prose ("50%off") and
 * in strftime formats (`%H:%M:%S`).
 */
export const PRINTF_CONVERSIONS = "@sdiufFeEgGxXc";

/** Length modifiers (C, Objective-C, Swift): `%ld`, `%lld`, `%zu`, `%hhd`, `%qd`, `%Lf`. */
const LENGTH = "(?:hh|h|ll|l|q|z|t|j|L)?";
/** Flags without the space flag: `% d` would match "100% done". */
const SPEC = `([-+0#]*)(\\d+)?(?:\\.(\\d+))?(${LENGTH}[${PRINTF_CONVERSIONS}])`;

const PRINTF = new RegExp(`%(?:(\\d+)\\$)?${SPEC}`, "y");
const BRACKET_PRINTF = new RegExp(`\\[%(?:(\\d+)\\$)?${SPEC}\\]`, "y");
const LOKALISE_NAMED = new RegExp(`\\[%([A-Za-z_][\\w.-]*)\\$${SPEC}\\]`, "y");
/** Lokalise's own spelling of a named universal placeholder, `[%s:name]`. */
const LOKALISE_SUFFIX = new RegExp(`\\[%${SPEC}:([A-Za-z_][\\w.-]*)\\]`, "y");
const STRINGSDICT = /%#@([A-Za-z_]\w*)@/y;
const RUBY = /%\{([A-Za-z_][\w.-]*)\}/y;
const RUBY_TYPED = new RegExp(`%<([A-Za-z_]\\w*)>${SPEC}`, "y");
const PYTHON = new RegExp(`%\\(([A-Za-z_][\\w.-]*)\\)${SPEC}`, "y");
/** Symfony `%name%`; names of one letter are left out so `%d%` stays a printf `%d` + `%`. */
const SYMFONY = /%([A-Za-z_][\w.-]*[\w])%/y;
const BRACKET = /\[([A-Za-z_][\w.-]*)(?::([A-Za-z]\w*))?\]/y;
const MUSTACHE = /\{\{-?\s*([\w.-]+)\s*(?:,[^{}]*)?\}\}/y;
const BRACE = /\{\s*([\w.-]+)\s*(?:,\s*([A-Za-z]+)\s*(?:,([^{}]*))?)?\}/y;

const PRINTF_SHAPED = new RegExp(`^${LENGTH}[${PRINTF_CONVERSIONS}]$`);

function at(pattern: RegExp, text: string, position: number, limit: number): RegExpExecArray | undefined {
  pattern.lastIndex = position;
  const match = pattern.exec(text);
  if (match === null || position + match[0].length > limit) return undefined;
  return match;
}

/**
 * Scans `text[from, to)` left to right for every non-ICU syntax. `braces` also finds `{name}`,
 * `{name, type}`, `{{name}}` and `%{name}`: used when the text is not ICU (in ICU text the
 * parser already found them and a quoted `'{x}'` must stay literal). Plural/select blocks are not
 * understood here.
 */
export function scanPlain(text: string, from: number, to: number, braces: boolean): Placeholder[] {
  const found: Placeholder[] = [];
  let i = from;
  while (i < to) {
    const char = text[i];
    let placeholder: Placeholder | undefined;
    if (char === "%") {
      if (text[i + 1] === "%") {
        i += 2; // `%%` is a literal percent sign
        continue;
      }
      placeholder = percent(text, i, to, braces);
    } else if (char === "[") {
      placeholder = bracket(text, i, to);
    } else if (char === "{" && braces) {
      placeholder = brace(text, i, to);
    }
    if (placeholder === undefined) {
      i++;
      continue;
    }
    found.push(placeholder);
    i = placeholder.end;
  }
  return found;
}

function make(
  text: string,
  start: number,
  length: number,
  rest: Omit<Placeholder, "raw" | "start" | "end">,
): Placeholder {
  return { raw: text.slice(start, start + length), start, end: start + length, ...rest };
}

function percent(text: string, i: number, to: number, braces: boolean): Placeholder | undefined {
  let m = at(STRINGSDICT, text, i, to);
  if (m) return make(text, i, m[0].length, { kind: "stringsdict", name: m[1] ?? "" });
  if (braces) {
    m = at(RUBY, text, i, to);
    if (m) return make(text, i, m[0].length, { kind: "ruby", name: m[1] ?? "" });
  }
  m = at(RUBY_TYPED, text, i, to);
  if (m) return make(text, i, m[0].length, { kind: "ruby", name: m[1] ?? "", type: m[5] ?? "" });
  m = at(PYTHON, text, i, to);
  if (m) return make(text, i, m[0].length, { kind: "python", name: m[1] ?? "", type: m[5] ?? "" });
  m = at(SYMFONY, text, i, to);
  if (m && !PRINTF_SHAPED.test(m[1] ?? ""))
    return make(text, i, m[0].length, { kind: "symfony", name: m[1] ?? "" });
  m = at(PRINTF, text, i, to);
  if (m) return printf(text, i, m, "printf");
  return undefined;
}

function printf(text: string, i: number, m: RegExpExecArray, kind: "printf" | "bracket-printf"): Placeholder {
  const explicit = m[1];
  return make(text, i, m[0].length, {
    kind,
    type: m[5] ?? "",
    numbered: explicit !== undefined,
    ...(explicit !== undefined ? { index: Number(explicit) } : {}),
  });
}

function bracket(text: string, i: number, to: number): Placeholder | undefined {
  let m = at(BRACKET_PRINTF, text, i, to);
  if (m) return printf(text, i, m, "bracket-printf");
  m = at(LOKALISE_NAMED, text, i, to);
  if (m) return make(text, i, m[0].length, { kind: "lokalise", name: m[1] ?? "", type: m[5] ?? "" });
  m = at(LOKALISE_SUFFIX, text, i, to);
  if (m) return make(text, i, m[0].length, { kind: "lokalise", name: m[5] ?? "", type: m[4] ?? "" });
  m = at(BRACKET, text, i, to);
  if (m)
    return make(text, i, m[0].length, { kind: "bracket", name: m[1] ?? "", ...(m[2] ? { type: m[2] } : {}) });
  return undefined;
}

function brace(text: string, i: number, to: number): Placeholder | undefined {
  let m = at(MUSTACHE, text, i, to);
  if (m) return make(text, i, m[0].length, { kind: "mustache", name: m[1] ?? "" });
  m = at(BRACE, text, i, to);
  if (m)
    return make(text, i, m[0].length, { kind: "icu", name: m[1] ?? "", ...(m[2] ? { type: m[2] } : {}) });
  return undefined;
}
