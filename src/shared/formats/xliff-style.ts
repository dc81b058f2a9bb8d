import type { XmlElement } from "./safe-xml.ts";
import type { FormatMeta, MetaValue } from "./types.ts";
import { type Attributes, metaStrings } from "./xliff-shared.ts";

/**
 * An XLIFF document's own text, read beside its tree: tags as the file wrote them (inline elements
 * come back unchanged) and how the file writes XML (`XmlStyle`: declaration, indentation, escapes,
 * attribute order), kept in `fileMeta.xml` so a written file looks like the uploaded one.
 */

/** How a document writes XML where a writer has a choice; kept in `fileMeta.xml` where not the default. */
export interface XmlStyle {
  /** What comes before `<xliff>`: the XML declaration as written (`<?xml … ?>`), comments, newlines. */
  prolog: string;
  /** What comes after `</xliff>` (a newline, or nothing). */
  end: string;
  /** One level of indentation. */
  indent: string;
  /** What text writes as references besides `&` and `<`: any of `'` `"` `>`. */
  textEscapes: string;
  /** What attribute values write as references besides `&` `<` `"` and line breaks: `'`, `>`. */
  attributeEscapes: string;
  /**
   * Per element name (`note`, `trans-unit`, `xliff`…), the order the file writes its attributes in.
   * Attributes are kept as JSON objects, whose order the database does not keep (jsonb sorts an
   * object's keys): the writer puts them back in this order.
   */
  attributeOrder: Record<string, string[]>;
}

type TextStyle = Exclude<keyof XmlStyle, "attributeOrder">;

export const DEFAULT_STYLE: Readonly<XmlStyle> = {
  prolog: '<?xml version="1.0" encoding="UTF-8"?>\n',
  end: "\n",
  indent: "  ",
  textEscapes: ">",
  attributeEscapes: ">",
  attributeOrder: {},
};

const TEXT_STYLES: readonly TextStyle[] = ["prolog", "end", "indent", "textEscapes", "attributeEscapes"];
const XML_NAME = /^[A-Za-z_][\w.:-]*$/;

/** The style kept in `fileMeta.xml` (what differs from the default), or undefined. */
export function styleMeta(style: XmlStyle): FormatMeta | undefined {
  const kept: FormatMeta = {};
  for (const name of TEXT_STYLES) if (style[name] !== DEFAULT_STYLE[name]) kept[name] = style[name];
  if (Object.keys(style.attributeOrder).length > 0) kept.attributeOrder = { ...style.attributeOrder };
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** The style a `fileMeta.xml` keeps (from the database: checked), the default for what it does not. */
export function styleOf(meta: MetaValue | undefined): XmlStyle {
  const kept = meta && typeof meta === "object" && !Array.isArray(meta) ? meta : {};
  const pick = (name: TextStyle, valid: RegExp) => {
    const value = kept[name];
    return typeof value === "string" && valid.test(value) ? value : DEFAULT_STYLE[name];
  };
  const attributeOrder: Record<string, string[]> = {};
  const orders = kept.attributeOrder;
  if (orders && typeof orders === "object" && !Array.isArray(orders)) {
    for (const [element, names] of Object.entries(orders)) {
      const valid = metaStrings(names).filter((name) => XML_NAME.test(name));
      if (XML_NAME.test(element) && valid.length > 0) attributeOrder[element] = valid;
    }
  }
  return {
    // Only what may stand before and after the root element: a declaration, a DOCTYPE without
    // declarations of its own, comments, white space.
    prolog: pick("prolog", /^(?:\s|<\?xml[^>]*\?>|<!DOCTYPE[^[>]*>|<!--(?:(?!-->)[\s\S])*-->)*$/),
    end: pick("end", /^(?:\s|<!--(?:(?!-->)[\s\S])*-->)*$/),
    indent: pick("indent", /^[ \t]{0,16}$/),
    textEscapes: pick("textEscapes", /^['">]{0,3}$/),
    attributeEscapes: pick("attributeEscapes", /^['>]{0,2}$/),
    attributeOrder,
  };
}

/** Whether names are in the order jsonb keeps an object's keys in: shorter first, then by code unit. */
function inJsonbOrder(names: readonly string[]): boolean {
  return names.every((name, index) => {
    const before = names[index - 1];
    return (
      before === undefined || before.length < name.length || (before.length === name.length && before < name)
    );
  });
}

/**
 * The attributes in the order the file writes them for this element (names it never wrote keep
 * their place after those it did). Only attributes whose names are in the order the database
 * leaves an object's keys (jsonb: shorter first, then by code unit) are put in order: they may
 * have lost the file's order on the way. Any other order is the file's own, and kept.
 */
export function inFileOrder(attributes: Attributes, order: readonly string[] | undefined): Attributes {
  if (!order || order.length === 0 || !inJsonbOrder(Object.keys(attributes))) return attributes;
  const rank = (name: string) => {
    const index = order.indexOf(name);
    return index < 0 ? order.length : index;
  };
  return Object.fromEntries(
    Object.entries(attributes)
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) => rank(a.entry[0]) - rank(b.entry[0]) || a.index - b.index)
      .map(({ entry }) => entry),
  );
}

/** Where an element is in the document's text. */
interface Span {
  name: string;
  start: number;
  /** After the start tag's `>`. */
  openEnd: number;
  /** The end tag's `<` (openEnd for an empty element written `<x/>`). */
  closeStart: number;
  end: number;
}

/** How often a character is written as a reference and as itself. */
type Counts = Record<string, { escaped: number; raw: number }>;

const TEXT_REFERENCES: Record<string, string> = { "'": "&apos;", '"': "&quot;", ">": "&gt;" };
const ATTRIBUTE_REFERENCES: Record<string, string> = { "'": "&apos;", ">": "&gt;" };

/**
 * The document's text beside its parsed tree: each element's tags as written, and the document's
 * `XmlStyle`. Read from the same text the tree was parsed from (well-formed: `parseXml` checked
 * it); when the two do not match element for element, there is none (`read` gives undefined) and
 * readers fall back to the tree.
 */
export class RawDocument {
  private constructor(
    private readonly text: string,
    private readonly spans: Map<XmlElement, Span>,
    readonly style: XmlStyle,
  ) {}

  static read(text: string, root: XmlElement): RawDocument | undefined {
    const scanned = scan(text);
    if (!scanned) return undefined;
    const spans = new Map<XmlElement, Span>();
    let next = 0;
    const match = (element: XmlElement): boolean => {
      const span = scanned.spans[next++];
      if (!span || span.name !== element.name) return false;
      spans.set(element, span);
      for (const child of element.children) if (child.type === "element" && !match(child)) return false;
      return true;
    };
    if (!match(root) || next !== scanned.spans.length) return undefined;
    const rootSpan = spans.get(root);
    if (!rootSpan) return undefined;
    return new RawDocument(text, spans, {
      prolog: utf8Prolog(text.slice(0, rootSpan.start)),
      end: text.slice(rootSpan.end),
      indent: indentOf(root),
      textEscapes: escapesOf(scanned.text, DEFAULT_STYLE.textEscapes),
      attributeEscapes: escapesOf(scanned.attributes, DEFAULT_STYLE.attributeEscapes),
      attributeOrder: scanned.order,
    });
  }

  /** The element's start tag as written (`<x id="1"/>` whole for an empty element written so). */
  openTag(element: XmlElement): string | undefined {
    const span = this.spans.get(element);
    return span && this.text.slice(span.start, span.openEnd);
  }

  /** The element's end tag as written ("" for an empty element written `<x/>`). */
  closeTag(element: XmlElement): string | undefined {
    const span = this.spans.get(element);
    return span && this.text.slice(span.closeStart, span.end);
  }

  /** The whole element as written. */
  xml(element: XmlElement): string | undefined {
    const span = this.spans.get(element);
    return span && this.text.slice(span.start, span.end);
  }
}

/**
 * The characters written as references more often than as themselves; where the file has neither
 * (or as many of each), the writer's default.
 */
function escapesOf(counts: Counts, defaults: string): string {
  return Object.entries(counts)
    .filter(
      ([character, { escaped, raw }]) => escaped > raw || (escaped === raw && defaults.includes(character)),
    )
    .map(([character]) => character)
    .join("");
}

/** Adds how often `text` writes each character of `references` as a reference and as itself. */
function count(counts: Counts, text: string, references: Record<string, string>) {
  for (const match of text.matchAll(COUNTED)) {
    const found = match[0];
    const character = found.length === 1 ? found : REFERENCE_CHARACTERS[found];
    const entry =
      character === undefined || references[character] === undefined ? undefined : counts[character];
    if (!entry) continue;
    if (found.length === 1) entry.raw++;
    else entry.escaped++;
  }
}

const COUNTED = /['">]|&(?:apos|quot|gt);/g;
const REFERENCE_CHARACTERS: Record<string, string> = { "&apos;": "'", "&quot;": '"', "&gt;": ">" };

/** The indentation of the root's first child: one level. */
function indentOf(root: XmlElement): string {
  const first = root.children[0];
  if (first?.type !== "text" || !first.text.includes("\n")) return DEFAULT_STYLE.indent;
  const indent = first.text.slice(first.text.lastIndexOf("\n") + 1);
  return /^[ \t]{0,16}$/.test(indent) ? indent : DEFAULT_STYLE.indent;
}

/** The prolog as written, its declared encoding made UTF-8 (what the export writes). */
function utf8Prolog(prolog: string): string {
  return prolog.replace(
    /^(<\?xml[^>]*?\sencoding\s*=\s*)(["'])([^"']*)\2/,
    (whole, before: string, quote: string, encoding: string) =>
      /^utf-?8$/i.test(encoding) ? whole : `${before}${quote}UTF-8${quote}`,
  );
}

/**
 * The elements of a well-formed document in document order, with where their tags are, and how
 * its text and attribute values write `'` `"` `>`. Undefined where the text is not as expected.
 */
function scan(
  text: string,
): { spans: Span[]; text: Counts; attributes: Counts; order: Record<string, string[]> } | undefined {
  const spans: Span[] = [];
  const open: Span[] = [];
  const none = (references: Record<string, string>): Counts =>
    Object.fromEntries(Object.keys(references).map((character) => [character, { escaped: 0, raw: 0 }]));
  const texts = none(TEXT_REFERENCES);
  const attributes = none(ATTRIBUTE_REFERENCES);
  const order: Record<string, string[]> = {};
  const after = (closer: string, from: number) => {
    const end = text.indexOf(closer, from);
    return end < 0 ? text.length : end + closer.length;
  };
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    if (open.length > 0 && lt !== i) {
      const run = text.slice(i, lt < 0 ? text.length : lt);
      if (/['">&]/.test(run)) count(texts, run, TEXT_REFERENCES);
    }
    if (lt < 0) break;
    if (text.startsWith("<!--", lt)) i = after("-->", lt + 4);
    else if (text.startsWith("<![CDATA[", lt)) i = after("]]>", lt + 9);
    else if (text.startsWith("<?", lt)) i = after("?>", lt + 2);
    else if (text.startsWith("<!", lt)) i = doctypeEnd(text, lt);
    else if (text[lt + 1] === "/") {
      const span = open.pop();
      const gt = text.indexOf(">", lt);
      if (!span || gt < 0) return undefined;
      span.closeStart = lt;
      span.end = gt + 1;
      i = gt + 1;
    } else {
      START_TAG.lastIndex = lt;
      const tag = START_TAG.exec(text);
      const name = tag?.[1];
      if (!tag || !name) return undefined;
      const gt = lt + tag[0].length - 1;
      const attributeText = tag[2] ?? "";
      const ordered = ORDERED.has(name);
      // Attribute values are read only where there is something to count or an order to keep.
      if (ordered || /['>&]/.test(attributeText)) {
        const names: string[] = [];
        for (const attribute of attributeText.matchAll(ATTRIBUTE)) {
          names.push(attribute[1] ?? "");
          if (attribute[2] !== undefined) count(attributes, attribute[2], ATTRIBUTE_REFERENCES);
        }
        if (ordered) order[name] = mergeOrder(order[name] ?? [], names);
      }
      const span: Span = { name, start: lt, openEnd: gt + 1, closeStart: gt + 1, end: gt + 1 };
      spans.push(span);
      if (tag[3] !== "/") open.push(span);
      i = gt + 1;
    }
  }
  if (open.length > 0) return undefined;
  // An order the database keeps anyway needs no keeping.
  for (const [name, names] of Object.entries(order)) if (inJsonbOrder(names)) delete order[name];
  return { spans, text: texts, attributes, order };
}

/** A start tag at a given place (sticky): its name, its attributes, and `/` for an empty element. */
const START_TAG = /<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /\s([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'[^']*')/g;

/** The elements whose attributes the writers write from kept attributes (inline ones are kept whole). */
const ORDERED = new Set([
  "xliff",
  "file",
  "group",
  "trans-unit",
  "unit",
  "note",
  "context-group",
  "context",
  "segment",
]);

/**
 * The element's order with a tag's attribute names added: a name not seen before goes right after
 * the tag's name before it, else right before the tag's next name already in the order.
 */
function mergeOrder(order: string[], names: readonly string[]): string[] {
  names.forEach((name, index) => {
    if (order.includes(name)) return;
    const before = order.indexOf(names[index - 1] ?? "");
    if (before >= 0) {
      order.splice(before + 1, 0, name);
      return;
    }
    const next = names.slice(index + 1).find((later) => order.includes(later));
    if (next === undefined) order.push(name);
    else order.splice(order.indexOf(next), 0, name);
  });
  return order;
}

/** After a `<!DOCTYPE …>`, internal subset and quoted strings included. */
function doctypeEnd(text: string, lt: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = lt + 2; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === ">" && depth <= 0) return i + 1;
  }
  return text.length;
}
