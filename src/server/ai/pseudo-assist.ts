import { comparePlaceholders } from "../../shared/placeholders/check.ts";
import { detectPlaceholders } from "../../shared/placeholders/detect.ts";
import type { AssistAction } from "../../shared/schemas/assist.ts";
import type { AssistRequest } from "./provider.ts";

/**
 * The offline writing assistant (no AI_API_KEY): no language model, so each action is a small,
 * deterministic rewrite (English word lists) that shows where the suggestion appears and how
 * accepting it works. What a rule-based rewrite cannot do is said in a label in parentheses, so
 * nobody mistakes it for a real suggestion. Placeholders are never touched: they are swapped for
 * opaque tokens before rewriting and put back after, and the result is checked once more.
 */

/** Appended when an action has nothing rule-based to change (never read as a placeholder). */
export const PSEUDO_ASSIST_LABELS = {
  rephrase: "(rephrased)",
  expand: "(expanded with more detail)",
  match_tone: "(in the brand tone)",
} as const satisfies Partial<Record<AssistAction, string>>;

const OPEN = "\uE000";
const CLOSE = "\uE001";
const TOKEN = new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g");

/** Not a letter or digit: the edges of a word (`\b` only knows ASCII). */
const EDGE_BEFORE = "(?<![\\p{L}\\p{N}'’])";
const EDGE_AFTER = "(?![\\p{L}\\p{N}'’])";

const FILLER_WORDS = [
  "just",
  "really",
  "very",
  "simply",
  "actually",
  "basically",
  "quite",
  "please",
  "kindly",
  "totally",
  "completely",
  "literally",
  "certainly",
  "definitely",
  "successfully",
];

const SHORTER_PHRASES: [string, string][] = [
  ["due to the fact that", "because"],
  ["at this point in time", "now"],
  ["for the purpose of", "for"],
  ["in order to", "to"],
  ["at this time", "now"],
  ["a lot of", "many"],
  ["is able to", "can"],
  ["are able to", "can"],
  ["in the event that", "if"],
];

const SYNONYMS: Record<string, string> = {
  click: "select",
  choose: "pick",
  pick: "choose",
  delete: "remove",
  remove: "delete",
  start: "begin",
  begin: "start",
  show: "display",
  display: "show",
  error: "problem",
  help: "assist",
  buy: "purchase",
  purchase: "buy",
  big: "large",
  large: "big",
  quick: "fast",
  fast: "quick",
  need: "require",
  require: "need",
  get: "receive",
  receive: "get",
  modify: "change",
  change: "modify",
  unable: "not able",
};

const FRIENDLIER: [string, string][] = [
  ["do not", "don't"],
  ["does not", "doesn't"],
  ["did not", "didn't"],
  ["cannot", "can't"],
  ["can not", "can't"],
  ["will not", "won't"],
  ["is not", "isn't"],
  ["are not", "aren't"],
  ["you are", "you're"],
  ["we are", "we're"],
  ["it is", "it's"],
  ["that is", "that's"],
  ["let us", "let's"],
  ["you will", "you'll"],
  ["we will", "we'll"],
  ["utilize", "use"],
  ["commence", "start"],
  ["terminate", "end"],
  ["assistance", "help"],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The same case shape as `like`: "Delete" → "Remove", "DELETE" → "REMOVE". */
function matchCase(replacement: string, like: string): string {
  if (like.length > 1 && like === like.toUpperCase() && like !== like.toLowerCase())
    return replacement.toUpperCase();
  const first = like.charAt(0);
  if (first !== first.toLowerCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Replaces whole words or phrases (case-insensitive, keeping the case shape) in one pass. */
function replaceWords(text: string, table: Record<string, string>): string {
  const alternatives = Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.split(" ").map(escapeRegExp).join("[ \\t]+"));
  const pattern = new RegExp(`${EDGE_BEFORE}(?:${alternatives.join("|")})${EDGE_AFTER}`, "giu");
  return text.replace(pattern, (found) => {
    const replacement = table[found.toLowerCase().replace(/[ \t]+/g, " ")];
    return replacement === undefined ? found : matchCase(replacement, found);
  });
}

function capitalizeFirst(text: string): string {
  return text.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
}

function shorten(text: string): string {
  let out = replaceWords(text, Object.fromEntries(SHORTER_PHRASES));
  const words = FILLER_WORDS.join("|");
  // A filler word goes with the space after it, or (ending a clause) the comma and space before it.
  out = out.replace(new RegExp(`${EDGE_BEFORE}(?:${words})[ \\t]+`, "giu"), "");
  out = out.replace(new RegExp(`[,;]?[ \\t]+(?:${words})(?=[,.!?;:]|$)`, "giu"), "");
  out = out.replace(/[ \t]{2,}/g, " ").trim();
  // The first word went: the new first word takes its capital.
  return /^\p{Lu}/u.test(text) ? capitalizeFirst(out) : out;
}

function fixGrammar(text: string, language: string): string {
  let out = text.replace(/[ \t]{2,}/g, " ");
  // French sets a space before ! ? ; : — only elsewhere is it a mistake.
  out = out.replace(language.startsWith("fr") ? /[ \t]+(?=[,.])/g : /[ \t]+(?=[,.!?;:])/g, "");
  out = out.replace(/([!?,;:])\1+/g, "$1").replace(/(?<!\.)\.\.(?!\.)/g, ".");
  out = out.replace(/([,;])(?=\p{L})/gu, "$1 ");
  out = out.replace(/(?<![\p{L}\p{N}])(\p{L}+)[ \t]+\1(?![\p{L}\p{N}])/giu, "$1");
  out = capitalizeFirst(out).replace(
    /([.!?][ \t]+)(\p{Ll})/gu,
    (_all, gap: string, letter: string) => `${gap}${letter.toUpperCase()}`,
  );
  if (language === "en" || language.startsWith("en-"))
    out = out.replace(/(?<![\p{L}\p{N}'’])i(?![\p{L}\p{N}])/gu, "I");
  // More than one sentence: the last one ends too.
  if (/[.!?][ \t]+\S/.test(out) && /[\p{L}\p{N}]$/u.test(out)) out += ".";
  return out;
}

function rewrite(action: AssistAction, text: string, language: string): string {
  switch (action) {
    case "shorten":
      return shorten(text);
    case "fix_grammar":
      return fixGrammar(text, language);
    case "rephrase": {
      const out = replaceWords(text, SYNONYMS);
      return out !== text ? out : `${text} ${PSEUDO_ASSIST_LABELS.rephrase}`;
    }
    case "match_tone": {
      const out = replaceWords(text, Object.fromEntries(FRIENDLIER)).replace(/!{2,}/g, "!");
      return out !== text ? out : `${text} ${PSEUDO_ASSIST_LABELS.match_tone}`;
    }
    case "expand":
      return text === "" ? text : `${text} ${PSEUDO_ASSIST_LABELS.expand}`;
  }
}

/** Swaps placeholders (outermost only: an ICU block is one) for tokens no rule matches. */
function protect(text: string): { masked: string; raws: string[] } {
  const raws: string[] = [];
  let masked = "";
  let at = 0;
  for (const placeholder of detectPlaceholders(text)) {
    if (placeholder.start < at) continue;
    masked += `${text.slice(at, placeholder.start)}${OPEN}${raws.length}${CLOSE}`;
    raws.push(placeholder.raw);
    at = placeholder.end;
  }
  return { masked: masked + text.slice(at), raws };
}

export function pseudoAssist(request: Pick<AssistRequest, "action" | "text" | "language">): string {
  const { text, action, language } = request;
  if (text.includes(OPEN) || text.includes(CLOSE)) return text;
  // Leading and trailing whitespace (and line breaks) are part of the string: kept as they are.
  const [, lead = "", core = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  const { masked, raws } = protect(core);
  const rewritten = rewrite(action, masked, language).replace(
    TOKEN,
    (token, index: string) => raws[Number(index)] ?? token,
  );
  const out = `${lead}${rewritten}${trail}`;
  return comparePlaceholders(text, out).matches ? out : text;
}
