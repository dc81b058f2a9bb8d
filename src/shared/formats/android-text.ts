import { attributesXml, escapeXmlText, tagNames, writeMarkup, type XmlNode } from "./safe-xml.ts";

/**
 * The text of one Android string resource, both ways: aapt2's reading rules (escapes, quotes,
 * whitespace) and the writing that makes aapt2 read the same string again. Used by
 * `android-xml-read.ts` and `android-xml-write.ts`.
 */

/**
 * How a value's text was written in the file, kept in `meta.markup` so it is written back the same
 * way (for aapt2 elements are styled spans, CDATA and `&lt;b&gt;` are literal tag text):
 * - `cdata`: in a CDATA section (the HTML an app passes to `Html.fromHtml`);
 * - `elements`: tags as XML elements (`<b>`, `<a href>`, `<xliff:g>`);
 * - `escaped`: tags as entity-escaped text (`&lt;b&gt;`), as translatewiki writes them.
 */
export type Markup = "cdata" | "elements" | "escaped";

export function isMarkup(value: unknown): value is Markup {
  return value === "cdata" || value === "elements" || value === "escaped";
}

// ---------------------------------------------------------------------------------------------
// Reading

/** A resource's text as the app sees it (inline elements kept as XML text), and how it was written. */
export function readAndroidContent(nodes: readonly XmlNode[]): { value: string; markup?: Markup } {
  const value = androidContent(nodes);
  if (nodes.some((node) => node.type === "element")) return { value, markup: "elements" };
  if (nodes.some((node) => node.type === "cdata")) return { value, markup: "cdata" };
  if (tagNames(value).length > 0) return { value, markup: "escaped" };
  return { value };
}

/**
 * The `\uXXXX` escapes a resource's text was written with, as written (`\ud83e`), for characters
 * the writer would otherwise write as themselves: written back so, not as the characters (issue 33;
 * files escape emoji and invisible characters this way). Control characters are always escaped.
 */
export function unicodeEscapesOf(nodes: readonly XmlNode[]): string[] {
  const found = new Set<string>();
  const scan = (list: readonly XmlNode[]) => {
    for (const node of list) {
      if (node.type === "element") scan(node.children);
      else if (node.type === "text" || node.type === "cdata") {
        // An escape is `\` then one character (or `u` and four hex digits), so `\\u0041` is not one.
        for (const match of node.text.matchAll(/\\(u[0-9a-fA-F]{4}|[\s\S])/g)) {
          const written = match[0];
          if (written.length !== 6) continue;
          const unit = String.fromCharCode(Number.parseInt(written.slice(2), 16));
          CONTROL.lastIndex = 0;
          if (!CONTROL.test(unit)) found.add(written);
        }
      }
    }
  };
  scan(nodes);
  return [...found];
}

function androidContent(nodes: readonly XmlNode[]): string {
  const parts = decodeRuns(nodes);
  // aapt2 trims the unquoted whitespace at both ends of the string.
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (first && typeof first !== "string" && first.leadingSpace) first.text = first.text.slice(1);
  if (last && typeof last !== "string" && last.trailingSpace) last.text = last.text.slice(0, -1);
  return parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

interface DecodedRun {
  text: string;
  /** The run starts / ends with a space that came from collapsed, unquoted whitespace. */
  leadingSpace: boolean;
  trailingSpace: boolean;
}

/** Text runs (adjacent text and CDATA) decoded, elements as XML text (strings). */
function decodeRuns(nodes: readonly XmlNode[]): Array<DecodedRun | string> {
  const parts: Array<DecodedRun | string> = [];
  let raw: string | undefined;
  const flush = () => {
    if (raw !== undefined) parts.push(decodeAndroidText(raw));
    raw = undefined;
  };
  for (const node of nodes) {
    if (node.type === "text" || node.type === "cdata") {
      raw = (raw ?? "") + node.text;
    } else if (node.type === "element") {
      flush();
      const attributes = attributesXml(node.attributes);
      if (node.children.length === 0) {
        parts.push(`<${node.name}${attributes}/>`);
      } else {
        const inner = decodeRuns(node.children)
          .map((part) => (typeof part === "string" ? part : part.text))
          .join("");
        parts.push(`<${node.name}${attributes}>${inner}</${node.name}>`);
      }
    }
  }
  flush();
  return parts;
}

const ASCII_SPACE = /[ \t\n\r\v\f]/;

/** aapt2's string builder: escapes, quotes, whitespace collapsing. */
export function decodeAndroidText(raw: string): DecodedRun {
  let text = "";
  let quoted = false;
  let lastWasSpace = false;
  let leadingSpace = false;
  let trailingSpace = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] ?? "";
    if (!quoted && ASCII_SPACE.test(c)) {
      if (!lastWasSpace) {
        if (text === "") leadingSpace = true;
        text += " ";
        lastWasSpace = true;
        trailingSpace = true;
      }
      continue;
    }
    lastWasSpace = false;
    trailingSpace = false;
    if (c === "\\") {
      const e = raw[i + 1];
      if (e === undefined) break;
      i++;
      if (e === "n") text += "\n";
      else if (e === "t") text += "\t";
      else if (e === "u" && /^[0-9a-fA-F]{4}/.test(raw.slice(i + 1, i + 5))) {
        text += String.fromCharCode(Number.parseInt(raw.slice(i + 1, i + 5), 16));
        i += 4;
      } else text += e; // \' \" \\ \@ \? \# and anything else: the character itself
    } else if (c === '"') {
      quoted = !quoted;
    } else {
      text += c;
    }
  }
  return { text, leadingSpace: leadingSpace && text.startsWith(" "), trailingSpace };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Tags written as elements, for a value with no `meta.markup` that carries `<xliff:g>` or `<annotation>`. */
const INLINE_TAGS = new Set([
  "xliff:g",
  "annotation",
  "b",
  "i",
  "u",
  "s",
  "strike",
  "sup",
  "sub",
  "big",
  "small",
  "tt",
  "font",
  "a",
  "span",
  "li",
  "ul",
  "ol",
  "br",
  "p",
  "em",
  "strong",
]);

const REFERENCE = /^(@(\+?)([\w.]+:)?[\w]+\/[\w.]+|@null|@empty|\?([\w.]+:)?(attr\/)?[\w.]+)$/;

/** Characters XML cannot carry as themselves (a raw CR becomes LF when read, others are not allowed). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: escaping them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f]/g;

/** Android's escapes for one run of text (before XML escaping or CDATA). */
function escapeAndroidText(
  text: string,
  position: { first: boolean; last: boolean },
  whole: string,
  unicodeEscapes: ReadonlyMap<string, string> = NO_ESCAPES,
): string {
  let out = text
    .replace(/[\\"'\n\t]/g, (c) => (c === "\n" ? "\\n" : c === "\t" ? "\\t" : `\\${c}`))
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (unicodeEscapes.size > 0) out = out.replace(/[\s\S]/g, (unit) => unicodeEscapes.get(unit) ?? unit);
  if (position.first && /^[@?]/.test(out) && !REFERENCE.test(whole)) out = `\\${out}`;
  // Spaces aapt2 would collapse or trim are kept by quoting the run.
  const needsQuotes =
    / {2}/.test(out) || (position.first && out.startsWith(" ")) || (position.last && out.endsWith(" "));
  return needsQuotes ? `"${out}"` : out;
}

const NO_ESCAPES: ReadonlyMap<string, string> = new Map();

/** UTF-16 unit → the escape it was written as, from `unicodeEscapesOf`'s list (as kept in meta). */
function escapeMap(escapes: readonly string[] | undefined): ReadonlyMap<string, string> {
  if (!escapes || escapes.length === 0) return NO_ESCAPES;
  const map = new Map<string, string>();
  for (const written of escapes) {
    if (/^\\u[0-9a-fA-F]{4}$/.test(written))
      map.set(String.fromCharCode(Number.parseInt(written.slice(2), 16)), written);
  }
  return map;
}

function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/**
 * The XML content of a `<string>` or `<item>` holding `value`, written as `markup` says. Without
 * `markup`, a value with tags goes in CDATA (how apps ship HTML for Html.fromHtml) unless it
 * carries `<xliff:g>` or `<annotation>`, which only mean something as elements. Tags that do not
 * form well-formed XML fall back to CDATA, which reads back as the same text.
 */
export function writeAndroidValue(
  value: string,
  markup?: Markup,
  unicodeEscapes?: readonly string[],
): string {
  const whole = { first: true, last: true };
  const escapes = escapeMap(unicodeEscapes);
  const tags = tagNames(value);
  if (markup === "cdata") return cdata(escapeAndroidText(value, whole, value, escapes));
  if (tags.length === 0 || markup === "escaped")
    return escapeXmlText(escapeAndroidText(value, whole, value, escapes));
  const escapeText = (text: string, position: { first: boolean; last: boolean }) =>
    escapeXmlText(escapeAndroidText(text, position, value, escapes));
  if (markup === "elements") {
    const written = writeMarkup(value, () => true, escapeText);
    if (written) return written.xml;
  } else if (tags.some((tag) => tag === "xliff:g" || tag === "annotation")) {
    const written = writeMarkup(value, (tag) => INLINE_TAGS.has(tag), escapeText);
    if (written) return written.xml;
  }
  return cdata(escapeAndroidText(value, whole, value, escapes));
}
