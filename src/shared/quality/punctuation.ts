import { type Context, coreBounds, type Problem, quote } from "./context.ts";

/** The kind of mark a text ends with, whatever the script writes it as ("" for none). */
type Mark = "." | "!" | "?" | ":" | ";" | "," | "…" | "";

const MARKS: Record<string, Mark> = {
  ".": ".",
  "。": ".", // CJK
  "．": ".",
  "।": ".", // Devanagari, Bengali… danda
  "॥": ".",
  "։": ".", // Armenian
  "۔": ".", // Urdu
  "።": ".", // Ethiopic
  "။": ".", // Myanmar
  "។": ".", // Khmer
  "།": ".", // Tibetan
  "!": "!",
  "！": "!",
  "¡": "!",
  "?": "?",
  "？": "?",
  "؟": "?", // Arabic, Persian, Urdu
  "¿": "?",
  "፧": "?",
  ":": ":",
  "：": ":",
  ";": ";",
  "；": ";",
  "؛": ";",
  "\u037e": ";", // Greek question mark (canonically `;`), read as `?` in Greek below
  ",": ",",
  "，": ",",
  "、": ",",
  "،": ",",
  "፣": ",",
  "…": "…",
  "⋯": "…",
};

/** Closing quotes and brackets are looked through: `Say "hi."` ends with a full stop. */
const CLOSERS = new Set([
  '"',
  "'",
  "”",
  "’",
  "“", // German „…“
  "‘",
  "»",
  "«", // Danish »…«
  "›",
  "‹",
  "」",
  "』",
  ")",
  "）",
  "]",
  "】",
  "〕",
  "》",
  "〉",
]);

export interface Ending {
  mark: Mark;
  /** The mark as written (`...`, `。`), "" for none. */
  raw: string;
  /** Where the mark starts and the end of the text without trailing white space. */
  at: number;
  end: number;
  /** Closing quotes or brackets after the mark. */
  closed: boolean;
}

/** How a text ends: its final mark (looking through closing quotes) and where. */
export function endingOf(text: string): Ending {
  const [start, end] = coreBounds(text);
  let i = end;
  while (i > start && CLOSERS.has(text[i - 1] ?? "")) i--;
  const closed = i < end;
  if (i - 3 >= start && text.startsWith("...", i - 3))
    return { mark: "…", raw: "...", at: i - 3, end, closed };
  const last = text[i - 1] ?? "";
  const mark = MARKS[last];
  if (mark === undefined || i <= start) return { mark: "", raw: "", at: i, end, closed };
  return { mark, raw: last, at: i - 1, end, closed };
}

const FULL_WIDTH: Partial<Record<Mark, string>> = {
  ".": "。",
  "!": "！",
  "?": "？",
  ":": "：",
  ";": "；",
  ",": "，",
};
const ARABIC_SCRIPT = new Set(["ar", "fa", "ur", "ps", "ckb", "sd", "ug"]);
const DANDA = new Set(["hi", "bn", "ne", "pa", "as", "or", "sa"]);
/** Languages that often end a sentence without any mark. */
const NO_FULL_STOP = new Set(["th", "lo"]);
/** Spaced before these marks in French (a normal or non-breaking space, both fine). */
const FRENCH_SPACED = new Set<Mark>(["!", "?", ":", ";"]);

/** Whether a value ending in `value` answers a source ending in `source` in language `lang`. */
function matches(source: Ending, value: Ending, lang: string): boolean {
  if (source.mark === value.mark) return true;
  // Greek asks with `;`.
  if (lang === "el" && source.mark === "?" && value.mark === ";") return true;
  // Armenian puts its question and exclamation marks on the stressed word, not at the end,
  // and writes the full stop `։` often as a colon.
  if (lang === "hy" && (source.mark === "?" || source.mark === "!")) return true;
  if (lang === "hy" && source.mark === "." && value.mark === ":") return true;
  if (NO_FULL_STOP.has(lang) && source.mark === "." && value.mark === "") return true;
  return false;
}

/** The mark as the value's language writes it (keeping a half-width mark where CJK used one). */
function formOf(source: Ending, value: Ending, lang: string): string {
  const mark = source.mark;
  if (mark === "") return "";
  if (lang === "zh" || lang === "ja" || lang === "yue") {
    const halfWidth = value.raw !== "" && value.raw.charCodeAt(0) < 0x80;
    if (mark === "," && lang === "ja" && !halfWidth) return "、";
    if (!halfWidth && FULL_WIDTH[mark]) return FULL_WIDTH[mark] ?? mark;
    return mark === "…" ? "…" : mark;
  }
  if (ARABIC_SCRIPT.has(lang)) {
    if (mark === "?") return "؟";
    if (mark === ",") return "،";
    if (mark === ";") return "؛";
    if (mark === "." && lang === "ur") return "۔";
  }
  if (lang === "el" && mark === "?") return ";";
  if (lang === "hy" && mark === ".") return "։";
  if (DANDA.has(lang) && mark === ".") return "।";
  if (lang === "my" && mark === ".") return "။";
  if (lang === "km" && mark === ".") return "។";
  if (mark === "…") return source.raw === "..." ? "..." : "…";
  return mark;
}

function describe(ending: Ending): string {
  return ending.mark === "" ? "no punctuation" : quote(ending.raw);
}

export function punctuation(c: Context): Problem | undefined {
  const source = endingOf(c.source);
  const value = endingOf(c.value);
  if (matches(source, value, c.lang)) return undefined;
  const message =
    value.mark === ""
      ? `Ends without punctuation but the source ends with ${describe(source)}`
      : source.mark === ""
        ? `Ends with ${describe(value)} but the source ends without punctuation`
        : `Ends with ${describe(value)} but the source ends with ${describe(source)}`;
  // A mark followed by closing quotes or brackets could belong inside or outside them: no fix.
  if (value.closed) return { message };
  return {
    message,
    fix: () => {
      const fixed = withEnding(c.value, value, formOf(source, value, c.lang), source.mark, c.lang);
      // Only a fix that ends as the source does (`?,` without its comma still ends with `?`).
      return fixed !== undefined && matches(source, endingOf(fixed), c.lang) ? fixed : undefined;
    },
  };
}

function withEnding(
  text: string,
  ending: Ending,
  form: string,
  mark: Mark,
  lang: string,
): string | undefined {
  let before = text.slice(0, ending.at);
  const after = text.slice(ending.end);
  const spaced = /[ \u00a0\u202f]+$/.exec(before)?.[0] ?? "";
  before = before.slice(0, before.length - spaced.length);
  if (before.trim() === "") return undefined; // the text is only the mark: nothing to fix it to
  // French spaces `!?:;` off the word (keeping the space the translator used, else a non-breaking one).
  const space = lang === "fr" && FRENCH_SPACED.has(mark) ? spaced || "\u00a0" : "";
  return before + (form === "" ? "" : space + form) + after;
}
