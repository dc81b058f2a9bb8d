import {
  type Context,
  coreBounds,
  insidePlaceholder,
  isSpace,
  leafPlaceholders,
  type Problem,
  quote,
  without,
} from "./context.ts";

/** Languages written without spaces between words: a joined line break leaves no space there. */
const UNSPACED = new Set(["zh", "ja", "th", "lo", "km", "my"]);
const CJK = new Set(["zh", "ja", "ko", "yue"]);
/** Full-width punctuation and CJK letters, after which CJK texts drop a trailing space. */
const CJK_END = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]$/;

/** White space reduced to what matters: line breaks, tabs, spaces (any kind of space). */
function shape(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\r" && text[i + 1] === "\n") continue;
    out += c === "\n" || c === "\r" ? "\n" : c === "\t" ? "\t" : " ";
  }
  return out;
}

function describeSpace(text: string): string {
  if (text === "") return "nothing";
  const breaks = (text.match(/\n/g) ?? []).length;
  const spaces = text.length - breaks;
  const parts = [];
  if (breaks > 0) parts.push(breaks === 1 ? "a line break" : `${breaks} line breaks`);
  if (spaces > 0) parts.push(spaces === 1 ? "a space" : `${spaces} spaces`);
  return parts.join(" and ");
}

export function whitespace(c: Context): Problem | undefined {
  const { source, value } = c;
  // Quick pass: no white space at either end of either text (almost every string).
  const edgesPlain =
    !isSpace(source.charCodeAt(0)) &&
    !isSpace(value.charCodeAt(0)) &&
    !isSpace(source.charCodeAt(source.length - 1)) &&
    !isSpace(value.charCodeAt(value.length - 1));
  if (edgesPlain) return undefined;
  const [ss, se] = coreBounds(source);
  const [vs, ve] = coreBounds(value);
  if (vs === ve) return undefined; // only white space: nothing to compare
  const sourceLead = shape(source.slice(0, ss));
  const valueLead = shape(value.slice(0, vs));
  const sourceTrail = shape(source.slice(se));
  let valueTrail = shape(value.slice(ve));
  // CJK drops the space after its full-width punctuation (`Name: ` → `名前：`).
  if (CJK.has(c.lang) && valueTrail === "" && /^ +$/.test(sourceTrail) && CJK_END.test(value.slice(vs, ve))) {
    valueTrail = sourceTrail;
  }
  if (sourceLead === valueLead && sourceTrail === valueTrail) return undefined;
  const parts = [];
  if (sourceLead !== valueLead)
    parts.push(
      `starts with ${describeSpace(valueLead)} where the source starts with ${describeSpace(sourceLead)}`,
    );
  if (sourceTrail !== valueTrail)
    parts.push(
      `ends with ${describeSpace(valueTrail)} where the source ends with ${describeSpace(sourceTrail)}`,
    );
  const message = `${capitalize(parts.join("; "))}`;
  return { message, fix: () => source.slice(0, ss) + value.slice(vs, ve) + source.slice(se) };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Offsets of two spaces in a row inside the text (not at its ends, not inside a placeholder). */
function doubleSpaceAt(c: Context, text: string): number {
  let at = text.indexOf("  ");
  if (at < 0) return -1;
  const [start, end] = coreBounds(text);
  const slots = leafPlaceholders(c.valuePlaceholders);
  for (; at >= 0; at = text.indexOf("  ", at + 1)) {
    if (at >= start && at + 2 <= end && !insidePlaceholder(slots, at)) return at;
  }
  return -1;
}

export function doubleSpace(c: Context): Problem | undefined {
  const { value } = c;
  if (value.indexOf("  ") < 0) return undefined;
  if (!c.solo && c.source.includes("  ")) return undefined;
  if (doubleSpaceAt(c, value) < 0) return undefined;
  return {
    message: "Has two spaces in a row",
    fix: () => {
      const [start, end] = coreBounds(value);
      const slots = leafPlaceholders(c.valuePlaceholders);
      let out = value.slice(0, start);
      for (let i = start; i < end; i++) {
        if (value[i] === " " && value[i - 1] === " " && i - 1 >= start && !insidePlaceholder(slots, i))
          continue;
        out += value[i];
      }
      return out + value.slice(end);
    },
  };
}

/** Line breaks inside the text (the ends are the whitespace check's), real or written `\n`. */
function lineBreaks(text: string): { real: number; escaped: number } {
  let real = 0;
  let escaped = 0;
  const [start, end] = coreBounds(text);
  for (let at = text.indexOf("\n", start); at >= 0 && at < end; at = text.indexOf("\n", at + 1)) real++;
  for (let at = text.indexOf("\\n", start); at >= 0 && at < end; at = text.indexOf("\\n", at + 2)) escaped++;
  return { real, escaped };
}

export function newlines(c: Context): Problem | undefined {
  const { source, value } = c;
  if (
    source.indexOf("\n") < 0 &&
    value.indexOf("\n") < 0 &&
    source.indexOf("\\n") < 0 &&
    value.indexOf("\\n") < 0
  )
    return undefined;
  const s = lineBreaks(source);
  const v = lineBreaks(value);
  if (s.real + s.escaped === v.real + v.escaped) return undefined;
  const count = (n: number) => (n === 0 ? "no line breaks" : n === 1 ? "1 line break" : `${n} line breaks`);
  const problem: Problem = {
    message: `Has ${count(v.real + v.escaped)} where the source has ${count(s.real + s.escaped)}`,
  };
  // Safe only when the source is one line: the translation's breaks are joined into spaces.
  if (s.real + s.escaped === 0 && v.escaped === 0) problem.fix = () => joinLines(value, c.lang);
  return problem;
}

function joinLines(value: string, lang: string): string {
  const [start, end] = coreBounds(value);
  const inner = value
    .slice(start, end)
    .replace(/[ \t]*\r?\n[ \t\r\n]*/g, (_match, offset: number, whole: string) => {
      const before = whole[offset - 1] ?? "";
      const after = whole[offset + _match.length] ?? "";
      return UNSPACED.has(lang) && CJK_END.test(before) && CJK_END.test(after) ? "" : " ";
    });
  return value.slice(0, start) + inner + value.slice(end);
}

/** `<b>`, `</b>`, `<br/>`, `<xliff:g id="x">`; not `%<name>s` (a Ruby placeholder). */
const TAG = /<(\/?)([A-Za-z][\w:.-]*)(?:\s[^<>]*?)?(\/?)>/g;

function tagsOf(text: string): string[] {
  if (text.indexOf("<") < 0) return [];
  const tags: string[] = [];
  for (const m of text.matchAll(TAG)) {
    if (text[m.index - 1] === "%") continue;
    const name = (m[2] ?? "").toLowerCase();
    tags.push(m[1] ? `</${name}>` : m[3] ? `<${name}/>` : `<${name}>`);
  }
  // `<br>` and `<br/>` are the same element.
  return tags.map((tag) => tag.replace(/\/>$/, ">"));
}

export function markup(c: Context): Problem | undefined {
  if (c.source.indexOf("<") < 0 && c.value.indexOf("<") < 0) return undefined;
  const s = tagsOf(c.source);
  const v = tagsOf(c.value);
  const missing = without(s, v);
  const extra = without(v, s);
  if (missing.length === 0 && extra.length === 0) return undefined;
  return { message: differences("Markup differs", missing, extra) };
}

/** "Markup differs: missing “</b>”; not in the source: “<i>”". */
function differences(lead: string, missing: readonly string[], extra: readonly string[]): string {
  const parts = [];
  if (missing.length > 0) parts.push(`missing ${missing.map(quote).join(", ")}`);
  if (extra.length > 0) parts.push(`not in the source: ${extra.map(quote).join(", ")}`);
  return `${lead}: ${parts.join("; ")}`;
}

const URL = /\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"'`{}|\\^[\]]+/gi;

export function urlsOf(text: string): string[] {
  if (text.indexOf("://") < 0 && text.indexOf("www.") < 0) return [];
  const urls: string[] = [];
  for (const m of text.matchAll(URL)) {
    let url = m[0].replace(/[.,;:!?]+$/, "");
    if (url.endsWith(")") && !url.includes("(")) url = url.slice(0, -1);
    urls.push(url);
  }
  return urls;
}

export function urls(c: Context): Problem | undefined {
  const s = urlsOf(c.source);
  const v = urlsOf(c.value);
  if (s.length === 0 && v.length === 0) return undefined;
  const missing = without(s, v);
  const extra = without(v, s);
  if (missing.length === 0 && extra.length === 0) return undefined;
  return { message: differences("URLs differ", missing, extra) };
}

const EMAIL = /[\p{L}\p{N}._+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

export function emailsOf(text: string): string[] {
  if (text.indexOf("@") < 0) return [];
  return [...text.matchAll(EMAIL)].map((m) => m[0].replace(/\.$/, ""));
}

export function emails(c: Context): Problem | undefined {
  if (c.source.indexOf("@") < 0 && c.value.indexOf("@") < 0) return undefined;
  const s = emailsOf(c.source);
  const v = emailsOf(c.value);
  const missing = without(s, v);
  const extra = without(v, s);
  if (missing.length === 0 && extra.length === 0) return undefined;
  return { message: differences("E-mail addresses differ", missing, extra) };
}

export function maxLength(c: Context): Problem | undefined {
  const max = c.maxLength;
  if (max === null || max < 0 || c.value.length <= max) return undefined;
  // Characters as the editor counts them: code points (an emoji is one).
  let length = 0;
  for (const _ of c.value) length++;
  if (length <= max) return undefined;
  return { message: `Longer than ${max} ${max === 1 ? "character" : "characters"} (${length})` };
}
