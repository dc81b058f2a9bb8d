import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { PLURAL_CATEGORIES, type PluralCategory, type PluralForms, type TranslationEntry } from "./types.ts";

/**
 * Plural forms ⇄ ICU plural messages (types.ts: plurals are stored as one ICU message).
 *
 * A form is the text of one category in the file's own syntax (`{{count}} Camera`, `%d files`,
 * `%{count} days`). It goes into the ICU branch literally: braces and apostrophes are quoted so an
 * ICU renderer prints them as written. The one exception is `#`: inside a plural branch `#` is the
 * number in ICU, and a form keeps that meaning, so `# files` ⇄ `{count, plural, other {# files}}`.
 * (A literal `#` in a native form therefore renders as the number in an ICU renderer; the text itself
 * round-trips unchanged.)
 *
 * Messages are read with tags off (`ignoreTag`), like the placeholder engine: `<b>` is text.
 */

const PARSE_OPTIONS = { ignoreTag: true, requiresOtherClause: false } as const;

const CATEGORY_SET: ReadonlySet<string> = new Set(PLURAL_CATEGORIES);

export function isPluralCategory(value: string): value is PluralCategory {
  return CATEGORY_SET.has(value);
}

/** Characters after which a lone apostrophe opens an ICU quote (inside a plural branch). */
const QUOTE_TRIGGERS = new Set(["<", ">", "#"]);

/**
 * The form text as the body of an ICU plural branch. Each run of `{`, `}` and `'` that holds a brace
 * is quoted as a whole (`'{{'count'}}'`, apostrophes inside doubled); a run of apostrophes alone is
 * doubled unless it is a single apostrophe ICU reads as literal anyway (`Don't` stays as is); `#` is
 * left as is.
 */
export function escapeIcuBranch(text: string): string {
  return text.replace(/[{}']+/g, (run, offset: number) => {
    if (run.includes("{") || run.includes("}")) return `'${run.replace(/'/g, "''")}'`;
    const next = text[offset + run.length];
    // At the end of the form the branch's closing `}` follows, which would also open a quote.
    if (run.length === 1 && next !== undefined && !QUOTE_TRIGGERS.has(next)) return run;
    return run.replace(/'/g, "''");
  });
}

/** A name ICU accepts as an argument (no white space or pattern syntax). */
function isArgumentName(name: string): boolean {
  return /^[^\s{}#'<>,|=~]+$/u.test(name);
}

/**
 * `{count, plural, one {…} other {…}}` from plural forms, categories in CLDR order. An invalid
 * variable name falls back to `count`. No forms → an empty string.
 */
export function pluralsToIcu(forms: PluralForms, variable = "count"): string {
  const name = isArgumentName(variable) ? variable : "count";
  const branches: string[] = [];
  for (const category of PLURAL_CATEGORIES) {
    const form = forms[category];
    if (form !== undefined) branches.push(`${category} {${escapeIcuBranch(form)}}`);
  }
  if (branches.length === 0) return "";
  return `{${name}, plural, ${branches.join(" ")}}`;
}

function parseIcu(message: string): MessageFormatElement[] | undefined {
  try {
    return parse(message, PARSE_OPTIONS);
  } catch {
    return undefined;
  }
}

/**
 * The forms of a message that is exactly one top-level cardinal plural whose branches are text and
 * `#` only (what `pluralsToIcu` writes). Anything else gives undefined and stays an ICU string:
 * text around the plural, `=0` selectors, `offset:`, arguments or nested plurals/selects inside a
 * branch, a quoted literal `#` (it would come back as the number), `selectordinal`.
 */
export function icuToPlurals(message: string): { variable: string; forms: PluralForms } | undefined {
  if (!message.includes("plural")) return undefined;
  const elements = parseIcu(message);
  if (elements === undefined || elements.length !== 1) return undefined;
  const element = elements[0];
  if (element === undefined || element.type !== TYPE.plural) return undefined;
  if (element.pluralType !== "cardinal" || element.offset !== 0) return undefined;
  const forms: PluralForms = {};
  for (const [selector, option] of Object.entries(element.options)) {
    if (!isPluralCategory(selector)) return undefined;
    let text = "";
    for (const part of option.value) {
      if (part.type === TYPE.literal) {
        if (part.value.includes("#")) return undefined;
        text += part.value;
      } else if (part.type === TYPE.pound) {
        text += "#";
      } else {
        return undefined;
      }
    }
    forms[selector] = text;
  }
  if (Object.keys(forms).length === 0) return undefined;
  return { variable: element.value, forms };
}

/** The stored value of an entry: plural entries as an ICU plural message, others their value. */
export function entryToValue(entry: TranslationEntry): string {
  if (entry.plurals !== undefined)
    return entry.pluralMessage ?? pluralsToIcu(entry.plurals, entry.pluralVariable ?? "count");
  return entry.value ?? "";
}

/** A stored value as an entry: an ICU plural message (see `icuToPlurals`) becomes forms, else a value. */
export function valueToEntry(key: string, value: string): TranslationEntry {
  const plural = icuToPlurals(value);
  if (plural === undefined) return { key, value };
  return { key, plurals: plural.forms, pluralVariable: plural.variable, pluralMessage: value };
}

/** The CLDR cardinal categories of a language, or undefined when the runtime does not know it. */
export function pluralCategoriesOf(language: string): ReadonlySet<PluralCategory> | undefined {
  try {
    if (Intl.PluralRules.supportedLocalesOf([language]).length === 0) return undefined;
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    return new Set(categories.filter(isPluralCategory));
  } catch {
    return undefined;
  }
}

/**
 * Whether a set of sibling forms (`key_one`, `key_other`…, or a Rails `{one:, other:}` map) is a
 * real plural in `language`, and what is missing. The rule (tuned on the corpus):
 * - with `other` and at least one more form → plural (forms missing for the language → a note);
 *   `other` alone only counts in languages whose only category is `other` (ja, zh…), since
 *   `reason_other` next to `reason_spam` is usually "Other reason";
 * - without `other` → plural only with three or more forms that cover every category the language
 *   uses besides `other` (ru/pl/ar files that forgot `other`, like frigate ru), with a note;
 * - anything else is not a plural: excalidraw's `arrowhead_crowfoot_one` / `_many` stay two strings.
 */
export function classifyPluralGroup(
  categories: ReadonlySet<PluralCategory>,
  language: string,
): { plural: false } | { plural: true; missing: PluralCategory[] } {
  const known = pluralCategoriesOf(language);
  const missing = known === undefined ? [] : [...known].filter((c) => !categories.has(c));
  if (categories.has("other")) {
    if (categories.size >= 2) return { plural: true, missing };
    if (known !== undefined && known.size === 1 && known.has("other")) return { plural: true, missing };
    return { plural: false };
  }
  if (known === undefined || categories.size < 3) return { plural: false };
  const required = [...known].filter((c) => c !== "other");
  if (required.length < 3 || !required.every((c) => categories.has(c))) return { plural: false };
  return { plural: true, missing };
}
