import { comparePlaceholders, fixPlaceholders } from "../placeholders/check.ts";
import type { Placeholder } from "../placeholders/detect.ts";
import { placeholderIdentity } from "../placeholders/identity.ts";
import { Context, coreBounds, leafPlaceholders, type Problem, quote } from "./context.ts";
import { CHECK_IDS, CHECKS, type CheckId, type CheckInput, type Finding } from "./definitions.ts";
import { glossaryForbidden, glossaryMissing, onlyNames } from "./glossary.ts";
import { icuSyntax, pluralForms } from "./icu.ts";
import { numbers } from "./numbers.ts";
import { endingOf, punctuation } from "./punctuation.ts";
import {
  doubleSpace,
  emailsOf,
  emails as mailChecks,
  markup,
  maxLength,
  newlines,
  urls,
  urlsOf,
  whitespace,
} from "./text.ts";

export {
  CHECK_IDS,
  CHECKS,
  type CheckDefinition,
  type CheckId,
  type CheckInput,
  checkIdSchema,
  type Finding,
  type Severity,
} from "./definitions.ts";

/**
 * The one module of quality checks (issue 21): the server stores `failingChecks` of every string it
 * writes, the editor shows `runChecks` with their fixes. Both run the same functions, so what the
 * Overview counts is what the cell shows.
 */

function identities(placeholders: readonly Placeholder[]): Set<string> {
  const set = new Set<string>();
  for (const p of placeholders) set.add(placeholderIdentity(p));
  return set;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

function placeholders(c: Context): Problem | undefined {
  // Neither text has a placeholder character: nothing to compare (most strings).
  if (c.sourcePlaceholders.length === 0 && c.valuePlaceholders.length === 0) return undefined;
  // The identities of the placeholders already detected; the engine is asked for words only on a mismatch.
  const expected = identities(c.sourcePlaceholders);
  const actual = identities(c.valuePlaceholders);
  if (sameSet(expected, actual)) return undefined;
  const result = comparePlaceholders(c.source, c.value);
  if (result.matches) return undefined;
  const parts = [];
  if (result.missing.length > 0) parts.push(`missing ${result.missing.map(quote).join(", ")}`);
  if (result.extra.length > 0) parts.push(`not in the source: ${result.extra.map(quote).join(", ")}`);
  return {
    message: `Placeholders differ: ${parts.join("; ")}`,
    fix: () => placeholderFix(c),
  };
}

/**
 * The engine's fix, keeping the final mark last: missing placeholders go before it (`Hallo!` →
 * `Hallo {name}!`, not `Hallo! {name}`), so fixing one check does not break the punctuation one.
 */
function placeholderFix(c: Context): string {
  const ending = endingOf(c.value);
  if (ending.mark !== "" && !ending.closed && ending.at > 0) {
    const fixed = fixPlaceholders(c.source, c.value.slice(0, ending.at)) + c.value.slice(ending.at);
    if (comparePlaceholders(c.source, fixed).matches) return fixed;
  }
  return fixPlaceholders(c.source, c.value);
}

/** Whether the text has words besides placeholders, URLs, e-mails, tags, numbers, acronyms. */
function hasWords(text: string, c: Context): boolean {
  let rest = text;
  const slots = leafPlaceholders(c.sourcePlaceholders);
  for (const p of [...slots].reverse()) rest = `${rest.slice(0, p.start)} ${rest.slice(p.end)}`;
  for (const found of [...urlsOf(rest), ...emailsOf(rest)]) rest = rest.replace(found, " ");
  rest = rest.replace(/<\/?[A-Za-z][^<>]*>/g, " ");
  // Acronyms, units and single letters (`OK`, `UTM`, `MB`, `U`) read the same in most languages.
  const words = rest.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  return words.some((word) => word.length > 1 && !(word.length <= 5 && word === word.toUpperCase()));
}

function sameAsSource(c: Context): Problem | undefined {
  if (c.value !== c.source) {
    const [vs, ve] = coreBounds(c.value);
    const [ss, se] = coreBounds(c.source);
    if (ve - vs !== se - ss || c.value.slice(vs, ve) !== c.source.slice(ss, se)) return undefined;
  }
  // A regional variant of the source language (`en-GB` of `en`) is mostly the same text.
  if (c.lang === c.sourceLang) return undefined;
  if (!hasWords(c.source, c)) return undefined;
  if (onlyNames(c.source, c.glossary, c.sourceLanguage)) return undefined;
  return { message: "Same as the source text (not translated?)" };
}

type Check = (c: Context) => Problem | undefined;

const IMPLEMENTATIONS: Record<CheckId, Check> = {
  placeholders,
  whitespace,
  double_space: doubleSpace,
  punctuation,
  newlines,
  markup,
  urls,
  emails: mailChecks,
  numbers,
  max_length: maxLength,
  same_as_source: sameAsSource,
  glossary_missing: glossaryMissing,
  glossary_forbidden: glossaryForbidden,
  icu_syntax: icuSyntax,
  plural_forms: pluralForms,
};

/** The checks that make sense for a text without a source to compare with. */
const SOLO: ReadonlySet<CheckId> = new Set<CheckId>([
  "icu_syntax",
  "max_length",
  "double_space",
  "glossary_forbidden",
  "plural_forms",
]);

/** Ids in display order (the order of CHECK_IDS) and sorted (what `failingChecks` returns). */
const SORTED: readonly CheckId[] = [...CHECK_IDS].sort();

type Disabled = ReadonlySet<CheckId> | readonly CheckId[];

function isOff(disabled: Disabled | undefined, id: CheckId): boolean {
  if (disabled === undefined) return false;
  return Array.isArray(disabled)
    ? (disabled as readonly CheckId[]).includes(id)
    : (disabled as ReadonlySet<CheckId>).has(id);
}

function applies(c: Context, id: CheckId): boolean {
  return !c.solo || SOLO.has(id);
}

/** Every finding of a string, in the order of CHECK_IDS, with a fix where one is safe. */
export function runChecks(input: CheckInput, disabled?: Disabled): Finding[] {
  if (input.value === "") return []; // missing is not a quality problem
  const c = new Context(input);
  const findings: Finding[] = [];
  for (const id of CHECK_IDS) {
    if (isOff(disabled, id) || !applies(c, id)) continue;
    const problem = IMPLEMENTATIONS[id](c);
    if (!problem) continue;
    const finding: Finding = { id, severity: CHECKS[id].severity, message: problem.message };
    const fix = problem.fix?.();
    if (fix !== undefined && fix !== input.value) finding.fix = fix;
    findings.push(finding);
  }
  return findings;
}

/** Just the failing ids, sorted: this runs for every string of a 50,000-key import. */
export function failingChecks(input: CheckInput, disabled?: Disabled): CheckId[] {
  if (input.value === "") return [];
  const c = new Context(input);
  const failing: CheckId[] = [];
  for (const id of SORTED) {
    if (isOff(disabled, id) || !applies(c, id)) continue;
    if (IMPLEMENTATIONS[id](c)) failing.push(id);
  }
  return failing;
}
