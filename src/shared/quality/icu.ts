import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { LANGUAGES } from "../languages.ts";
import type { Context, Problem } from "./context.ts";

const PARSE_OPTIONS = { ignoreTag: true, requiresOtherClause: false } as const;
/** ICU argument types formatjs knows; others (`float`, `text` of the unified format) are masked. */
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

const ARGUMENT = /\{(\s*)([\w.-]+)(\s*(?:,\s*([A-Za-z]+)\s*)?)\}/g;
const MUSTACHE = /\{\{-?\s*[\w.-]+\s*(?:,[^{}]*)?\}\}/g;

/**
 * The text as formatjs should see it: what other placeholder syntaxes write with braces is not an
 * ICU error. Names with `.`/`-` get `_`, argument types formatjs lacks (`{n, float}`) are blanked,
 * and, on a second try, i18next `{{name}}` too (first as is: `one {{n}}` is a branch holding `{n}`).
 */
function masked(text: string, mustaches: boolean): string {
  const base = mustaches ? text.replace(MUSTACHE, (m) => " ".repeat(m.length)) : text;
  return base.replace(ARGUMENT, (_m, lead: string, name: string, tail: string, type: string | undefined) => {
    const clean = name.replace(/[.-]/g, "_");
    if (type !== undefined && !ICU_TYPES.has(type)) return `{${lead}${clean}${" ".repeat(tail.length)}}`;
    return `{${lead}${clean}${tail}}`;
  });
}

function tryParse(text: string): MessageFormatElement[] | string {
  try {
    return parse(text, PARSE_OPTIONS);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

interface Parsed {
  elements: MessageFormatElement[] | undefined;
  error: string | undefined;
}

// A source text is checked once per language of an import: its parse is kept for a while.
const parsed = new Map<string, Parsed>();
const CACHE_LIMIT = 2000;

/** `{name}` arguments alone: always a valid message, with no plural or select in it. */
const SIMPLE_ARGUMENT = /\{\s*[\w.-]+\s*\}/g;
const SIMPLE: Parsed = { elements: [], error: undefined };

function onlySimpleArguments(text: string): boolean {
  const rest = text.replace(SIMPLE_ARGUMENT, "");
  return rest.indexOf("{") < 0 && rest.indexOf("}") < 0;
}

function parseMessage(text: string): Parsed {
  // Most texts with braces hold plain `{name}` arguments: no need to ask the parser (a tenth of an
  // import's checks went to parsing them).
  if (onlySimpleArguments(text)) return SIMPLE;
  const cached = parsed.get(text);
  if (cached) return cached;
  let outcome = tryParse(masked(text, false));
  if (typeof outcome === "string" && text.includes("{{")) {
    const second = tryParse(masked(text, true));
    if (typeof second !== "string") outcome = second;
  }
  const result: Parsed =
    typeof outcome === "string"
      ? { elements: undefined, error: outcome }
      : { elements: outcome, error: undefined };
  if (parsed.size >= CACHE_LIMIT) parsed.clear();
  parsed.set(text, result);
  return result;
}

function hasBraces(text: string): boolean {
  return text.indexOf("{") >= 0 || text.indexOf("}") >= 0;
}

const ICU_HEADER = /\{\s*[\w.-]+\s*,\s*(?:plural|select|selectordinal|number|date|time)\s*[,}]/;

function unbalanced(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 123) depth++;
    else if (ch === 125 && --depth < 0) return true;
  }
  return depth !== 0;
}

/** A parse failure, in words. */
function reason(error: string | undefined): string {
  switch (error) {
    case "EXPECT_ARGUMENT_CLOSING_BRACE":
    case "UNCLOSED_QUOTE_IN_ARGUMENT_STYLE":
    case "EXPECT_PLURAL_ARGUMENT_SELECTOR":
    case "EXPECT_SELECT_ARGUMENT_SELECTOR":
      return "a brace is not closed";
    case "UNMATCHED_CLOSING_TAG":
    case "UNCLOSED_TAG":
      return "a tag is not closed";
    case "EMPTY_ARGUMENT":
      return "empty braces {}";
    case "MALFORMED_ARGUMENT":
      return "an argument name is not valid";
    case "INVALID_ARGUMENT_TYPE":
    case "EXPECT_ARGUMENT_TYPE":
      return "an argument type is not valid";
    case "EXPECT_PLURAL_ARGUMENT_OFFSET_VALUE":
    case "INVALID_PLURAL_ARGUMENT_OFFSET_VALUE":
      return "a plural offset is not valid";
    case "DUPLICATE_PLURAL_ARGUMENT_SELECTOR":
    case "DUPLICATE_SELECT_ARGUMENT_SELECTOR":
    case "DUPLICATE_SELECTORDINAL_ARGUMENT_SELECTOR":
      return "a plural or select form appears twice";
    case "EXPECT_PLURAL_ARGUMENT_SELECTOR_FRAGMENT":
    case "EXPECT_SELECT_ARGUMENT_SELECTOR_FRAGMENT":
    case "EXPECT_SELECTORDINAL_ARGUMENT_SELECTOR_FRAGMENT":
    case "EXPECT_SELECT_ARGUMENT_OPTIONS":
      return "a plural or select form has no {text}";
    case "INVALID_PLURAL_ARGUMENT_SELECTOR":
    case "INVALID_SELECT_ARGUMENT_SELECTOR":
      return "a plural or select form name is not valid";
    default:
      return "a brace is out of place";
  }
}

/**
 * Braces are ICU only in an ICU project: a text counts as broken when it fails to parse and either
 * its source parses with braces (the translation broke it), or it is ICU-shaped on its own
 * (unbalanced braces, or a plural/select/typed argument header).
 */
export function icuSyntax(c: Context): Problem | undefined {
  const { value } = c;
  if (!hasBraces(value)) return undefined;
  const result = parseMessage(value);
  if (result.elements) return undefined;
  const sourceIcu = !c.solo && hasBraces(c.source) && parseMessage(c.source).elements !== undefined;
  if (!sourceIcu && !unbalanced(value) && !ICU_HEADER.test(value)) return undefined;
  // The source is just as broken: that is the source's own finding, not the translation's.
  if (!c.solo && hasBraces(c.source) && !sourceIcu && unbalanced(c.source) === unbalanced(value))
    return undefined;
  return { message: `Not a valid ICU message: ${reason(result.error)}` };
}

const required = new Map<string, ReadonlySet<string>>();

/**
 * The categories a language's plurals need: those CLDR uses for whole numbers below 1,000 or for
 * numbers with one decimal below 100, and `other`. The `many` that French, Spanish, Italian and
 * Portuguese use only for millions (`1 000 000 de fichiers`) is left out: software omits it.
 */
export function requiredCategories(language: string, type: "cardinal" | "ordinal"): ReadonlySet<string> {
  const cacheKey = `${type}:${language}`;
  const cached = required.get(cacheKey);
  if (cached) return cached;
  const needed = new Set(["other"]);
  let supported = false;
  try {
    supported = Intl.PluralRules.supportedLocalesOf(language).length > 0;
  } catch {
    supported = false; // not a valid language tag
  }
  if (supported) {
    const whole = new Intl.PluralRules(language, { type });
    const decimal = new Intl.PluralRules(language, { type, minimumFractionDigits: 1 });
    for (let n = 0; n < 1000; n++) needed.add(whole.select(n));
    for (let n = 0; n < 1000; n++) needed.add(decimal.select(n / 10));
  }
  required.set(cacheKey, needed);
  return needed;
}

const ORDER = ["zero", "one", "two", "few", "many", "other"];

interface Lack {
  name: string;
  missing: string[];
}

function lacks(elements: readonly MessageFormatElement[], language: string, out: Lack[]): void {
  for (const element of elements) {
    if (element.type !== TYPE.plural && element.type !== TYPE.select) continue;
    if (element.type === TYPE.plural) {
      const needed = requiredCategories(language, element.pluralType === "ordinal" ? "ordinal" : "cardinal");
      const missing = ORDER.filter((category) => needed.has(category) && !(category in element.options));
      if (missing.length > 0) out.push({ name: element.value, missing });
    }
    for (const option of Object.values(element.options)) lacks(option.value, language, out);
  }
}

function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

export function pluralForms(c: Context): Problem | undefined {
  const { value } = c;
  if (value.indexOf("plural") < 0 && value.indexOf("selectordinal") < 0) return undefined;
  const { elements } = parseMessage(value);
  if (!elements) return undefined; // the syntax check reports it
  const found: Lack[] = [];
  lacks(elements, c.language, found);
  if (found.length === 0) return undefined;
  const list = found.map((lack) => `“${lack.name}” lacks ${lack.missing.join(", ")}`);
  return { message: `Plural forms missing for ${languageName(c.language)}: ${list.join("; ")}` };
}
