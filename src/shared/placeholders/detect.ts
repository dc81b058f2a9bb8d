import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { maskForParser, simpleElements } from "./icu-prepare.ts";
import { scanPlain } from "./scan.ts";

/**
 * How a placeholder is written. One engine recognises all of them at once, because real files mix
 * syntaxes (a Rails string with `%{count}` next to a strftime `%d`, an ICU message with `%s`).
 */
export type PlaceholderKind =
  /** ICU / web argument: `{name}`, `{name, number}`, `{name, date, short}`, `{n, float}`. */
  | "icu"
  /** ICU plural or selectordinal block `{n, plural, one {…} other {…}}`; raw is the whole block. */
  | "icu-plural"
  /** ICU select block `{g, select, male {…} other {…}}`; raw is the whole block. */
  | "icu-select"
  /** `#` inside a plural branch: the plural's number, so it counts as a use of that argument. */
  | "icu-pound"
  /** i18next `{{name}}`, `{{name, format}}`, `{{- name}}`. */
  | "mustache"
  /** Ruby / Rails `%{name}` and `%<name>s`. */
  | "ruby"
  /** Python `%(name)s`. */
  | "python"
  /** Symfony `%name%`. */
  | "symfony"
  /** Unified `[name]` and `[name:type]`. */
  | "bracket"
  /** printf `%@ %d %.2f %lld`, positional `%1$s`. */
  | "printf"
  /** Bracketed printf `[%s]`, `[%1$s]` (Lokalise positional). */
  | "bracket-printf"
  /** Lokalise named `[%name$s]` (also Lokalise's own `[%s:name]`). */
  | "lokalise"
  /** iOS stringsdict variable `%#@name@`. */
  | "stringsdict";

export interface Placeholder {
  /** The placeholder exactly as written. */
  raw: string;
  /** UTF-16 offsets into the text, `text.slice(start, end) === raw`. */
  start: number;
  end: number;
  kind: PlaceholderKind;
  /** The argument name, for every named kind (and for `icu-pound`, the enclosing plural's). */
  name?: string;
  /**
   * 1-based argument position for printf kinds: the explicit `%2$s` index or, when unnumbered
   * (`numbered: false`), the order among the unnumbered printf placeholders of the text, which
   * is the argument it consumes at run time.
   */
  index?: number;
  /** Whether a printf placeholder spelled its position (`%1$s`). */
  numbered?: boolean;
  /**
   * The declared type: ICU argument type (`number`, `date`, `plural`, `select`…), the `[name:type]`
   * type, or the printf conversion with its length modifier (`@`, `d`, `lld`, `f`).
   */
  type?: string;
  /**
   * For a placeholder inside plural/select branches: the selector of each enclosing branch,
   * outermost first (`["one"]`, `["male", "other"]`). A plural form is formatted as a message of
   * its own, so converting needs to know which form a placeholder belongs to.
   */
  selectors?: readonly string[];
}

/**
 * Every placeholder of `text`, ordered by start. Placeholders inside ICU plural/select branches
 * are reported too, after (and inside the span of) their block.
 *
 * Text with braces is parsed as ICU (formatjs) so quoting (`'{'`), nested branches and `#` are
 * understood; the literal parts are then scanned for the other syntaxes. When the text is not
 * valid ICU even after masking (a stray brace…), it is scanned plainly instead, each balanced
 * plural/select block being parsed as ICU on its own, so one stray `{` does not hide the rest.
 *
 * Not placeholders, by design: `%%` (a literal percent); strftime / date-fns patterns that are not
 * printf-shaped (`%Y`, `%m`, `%B`, `yyyy-MM-dd`) — but a printf-shaped one such as `%d` in
 * `%Y-%m-%d` *is* reported, since nothing in a string tells the two apart and flagging
 * consistently across languages is harmless; `%n` (never a text argument, and Rails uses it for
 * the number); printf with a space flag (`100% done` would otherwise read as `% d`).
 */
export function detectPlaceholders(text: string): Placeholder[] {
  const found =
    text.includes("{") || text.includes("}")
      ? (detectIcu(text, 0) ?? scanLenient(text))
      : scanPlain(text, 0, text.length, true);
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  numberPrintf(found);
  return found;
}

/**
 * Gives unnumbered printf placeholders their implicit argument position, counted per plural or
 * select branch: each branch is a format string of its own (an Android `<plurals>` item, a
 * `.stringsdict` form), so a Russian `%d` in four forms is one argument, not four.
 */
function numberPrintf(placeholders: Placeholder[]): void {
  const next = new Map<string, number>();
  for (const placeholder of placeholders) {
    if (placeholder.numbered !== false) continue;
    const scope = placeholder.selectors?.join("\u0000") ?? "";
    const index = next.get(scope) ?? 1;
    placeholder.index = index;
    next.set(scope, index + 1);
  }
}

/** Which placeholders are printf-like (they have an argument position instead of a name). */
export function isPrintfKind(kind: PlaceholderKind): boolean {
  return kind === "printf" || kind === "bracket-printf";
}

/** True for ICU blocks whose raw spans nested placeholders. */
export function isBlockKind(kind: PlaceholderKind): boolean {
  return kind === "icu-plural" || kind === "icu-select";
}

/**
 * ICU detection of `text` (a whole text, or a block of a larger one starting at `offset`).
 * Parsed first as is, then with `{{name}}` masked: `one {{name}}` is a plural branch holding
 * `{name}`, and only text that is not ICU that way is read as i18next.
 */
function detectIcu(text: string, offset: number): Placeholder[] | undefined {
  const found = parseIcu(text, false) ?? (text.includes("{{") ? parseIcu(text, true) : undefined);
  if (found !== undefined && offset !== 0) {
    for (const placeholder of found) {
      placeholder.start += offset;
      placeholder.end += offset;
    }
  }
  return found;
}

function parseIcu(text: string, maskMustaches: boolean): Placeholder[] | undefined {
  const { masked, mustaches, types } = maskForParser(text, maskMustaches);
  let elements = simpleElements(masked);
  if (elements === undefined) {
    try {
      elements = parse(masked, { ignoreTag: true, captureLocation: true, requiresOtherClause: false });
    } catch {
      return undefined;
    }
  }
  const found: Placeholder[] = [...mustaches];
  walk(text, elements, { pluralName: undefined, selectors: [] }, types, mustaches, found);
  return found;
}

const BLOCK_HEADER = /\{\s*[\w.-]+\s*,\s*(?:plural|select|selectordinal)\s*,/y;

/** Plain scanning, except that balanced plural/select blocks are still parsed as ICU. */
function scanLenient(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  let from = 0;
  for (let i = text.indexOf("{"); i !== -1; i = text.indexOf("{", i + 1)) {
    if (i < from) continue;
    BLOCK_HEADER.lastIndex = i;
    if (!BLOCK_HEADER.test(text)) continue;
    const end = closingBrace(text, i);
    if (end === -1) continue;
    const block = detectIcu(text.slice(i, end + 1), i);
    if (block === undefined) continue;
    found.push(...scanPlain(text, from, i, true), ...block);
    from = end + 1;
  }
  found.push(...scanPlain(text, from, text.length, true));
  return found;
}

/** Index of the `}` closing the `{` at `start`, or -1. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Where the walk is: the innermost plural's name (for `#`) and the enclosing branches. */
interface Branch {
  pluralName: string | undefined;
  selectors: readonly string[];
}

function walk(
  text: string,
  elements: MessageFormatElement[],
  branch: Branch,
  types: ReadonlyMap<number, string>,
  skip: readonly Placeholder[],
  found: Placeholder[],
): void {
  const inBranch = branch.selectors.length > 0 ? { selectors: branch.selectors } : {};
  for (const element of elements) {
    const location = element.location;
    if (location === undefined) continue;
    const start = location.start.offset;
    const end = location.end.offset;
    switch (element.type) {
      case TYPE.literal: {
        const first = found.length;
        scanLiteral(text, start, end, skip, found);
        if (branch.selectors.length === 0) break;
        for (const placeholder of found.slice(first)) placeholder.selectors = branch.selectors;
        // Masked `{{name}}` were reported before the walk, without their branch.
        for (const mustache of skip) {
          if (mustache.start >= start && mustache.end <= end) mustache.selectors = branch.selectors;
        }
        break;
      }
      case TYPE.pound:
        if (branch.pluralName !== undefined)
          found.push({ raw: "#", start, end, kind: "icu-pound", name: branch.pluralName, ...inBranch });
        break;
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time: {
        const name = icuName(text, start);
        const type = types.get(start) ?? (element.type === TYPE.argument ? undefined : TYPE[element.type]);
        if (isRubyPrefixed(text, start)) {
          found.push({
            raw: text.slice(start - 1, end),
            start: start - 1,
            end,
            kind: "ruby",
            name,
            ...inBranch,
          });
        } else {
          found.push({
            raw: text.slice(start, end),
            start,
            end,
            kind: "icu",
            name,
            ...(type ? { type } : {}),
            ...inBranch,
          });
        }
        break;
      }
      case TYPE.plural:
      case TYPE.select: {
        const name = icuName(text, start);
        const isPlural = element.type === TYPE.plural;
        const type = isPlural ? (element.pluralType === "ordinal" ? "selectordinal" : "plural") : "select";
        found.push({
          raw: text.slice(start, end),
          start,
          end,
          kind: isPlural ? "icu-plural" : "icu-select",
          name,
          type,
          ...inBranch,
        });
        for (const [selector, option] of Object.entries(element.options)) {
          const inner = {
            pluralName: isPlural ? name : branch.pluralName,
            selectors: [...branch.selectors, selector],
          };
          walk(text, option.value, inner, types, skip, found);
        }
        break;
      }
      default:
        // Tags are off (ignoreTag) so nothing else occurs.
        break;
    }
  }
}

/** Scans an ICU literal for the non-brace syntaxes, skipping the masked `{{…}}` ranges. */
function scanLiteral(
  text: string,
  start: number,
  end: number,
  skip: readonly Placeholder[],
  found: Placeholder[],
): void {
  let from = start;
  for (const mustache of skip) {
    if (mustache.end <= from || mustache.start >= end) continue;
    found.push(...scanPlain(text, from, mustache.start, false));
    from = mustache.end;
  }
  found.push(...scanPlain(text, from, end, false));
}

/** The argument name as written (the parser saw a masked copy). */
function icuName(text: string, start: number): string {
  return /^\{\s*([^\s,{}]+)/.exec(text.slice(start))?.[1] ?? "";
}

/** `%{name}`: an ICU argument right after an unescaped `%` is Ruby's syntax. */
function isRubyPrefixed(text: string, start: number): boolean {
  let percents = 0;
  for (let i = start - 1; i >= 0 && text[i] === "%"; i--) percents++;
  return percents % 2 === 1;
}
