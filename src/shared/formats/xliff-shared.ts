import { childElements, localName, markupContent, type XmlElement, type XmlNode } from "./safe-xml.ts";
import {
  type FormatMeta,
  MAX_NESTING_DEPTH,
  type MetaValue,
  type ParsedFile,
  type TranslationEntry,
} from "./types.ts";

/**
 * What both XLIFF versions share: the key rule, the per-unit `meta` and per-file `fileMeta` they
 * keep, the collector that turns units into entries, and the document's own text (`RawDocument`):
 * inline elements as written, and how the file writes XML (`XmlStyle`).
 *
 * `meta` of a unit (a JSON object; every field optional):
 * - `id`: the unit's id as written in the file, written back as the id.
 * - `version`: "1.2" or "2.0", the version the fields below were read from (a writer of the
 *   other version ignores them: their attributes and notes do not fit).
 * - `attributes`: the unit's other attributes (`datatype`, `approved`, …), name → value.
 * - `notes`: every note in order, `{ attributes?, text?, holds? }`; `holds` is "comment" or
 *   "context" for the note whose text is the entry's `comment` (description) or `context`
 *   (meaning), so that the text is not kept twice.
 * - `contextGroups` (1.2): `[{ attributes, contexts: [{ attributes, text }] }]`.
 * - `elements`: other child elements (`alt-trans`, `originalData`, …) as their XML text.
 * - `groups`: the enclosing `<group>`s' attributes, outermost first.
 * - `file`: the index of the unit's `<file>` in `fileMeta.files`, when there are several.
 * - `noTarget: true`: the unit had no `<target>` in a file without target language (a source
 *   file): the source language's file is written without one for it.
 *
 * `fileMeta` of a language: `{ version, root, files: [{ attributes, elements? }], sourceOnly?, xml? }`
 * with the `<xliff>` element's attributes (`root`), each `<file>`'s attributes and its children
 * that are not units (`<header>`, `<notes>`… as XML text), `sourceOnly: true` for a file without
 * target language whose units have no `<target>` (Angular's `messages.xlf`; kept under the source
 * language, whichever language the file was imported as), and `xml`, how the file writes XML
 * where it differs from the writer's default (`XmlStyle`: its declaration, indentation, end, the
 * characters it escapes, the order of attributes).
 *
 * A value holds its inline elements (`<x/>`, `<g>`, `<ph/>`, `<pc>`…) as the file wrote their tags
 * (attributes, quotes and spaces as written) and the text between them decoded.
 *
 * The layout of the file itself (one-line units, blank lines and comments between units, a unit
 * split into segments…) is not kept here: the uploaded file is kept whole as the template of its
 * exports, which give it back byte for byte while unedited and change only the edited entries'
 * lines otherwise (see src/server/transfer/template-render.ts).
 */

export type Attributes = Record<string, string>;

/** Angular's message ids are 64-bit fingerprints written in decimal; Symfony numbers 1, 2, 3… */
const HASH_ID = /^\d{10,}$/;
export const NUMERIC = /^\d+$/;
/** What the import accepts as a key: 1–500 characters, no control characters but newline and tab. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what makes a key unusable
const BAD_KEY_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const MAX_KEY_LENGTH = 500;

export function usableKey(text: string): boolean {
  return text.length >= 1 && text.length <= MAX_KEY_LENGTH && !BAD_KEY_CHARACTER.test(text);
}

/** What decides a unit's key. */
export interface UnitIdentity {
  /** `resname` (1.2) or `name` (2.0). */
  name?: string | undefined;
  id?: string | undefined;
  source: string;
}

/**
 * The keys of a file's units, in order (undefined: nothing to key it by). A unit's `resname`/`name`
 * is its key, else its id, except that short numeric ids (Symfony's 1, 2, 3…) give way to the
 * source text, as Symfony keys its messages, when every such unit has a source text that is a
 * usable key and no two of them (or another unit's key) share it; otherwise all of them keep their
 * ids. Angular's files (`angular`) and long numeric ids always keep the id. Two units never share
 * a key: a later duplicate gets " (2)", " (3)"… and a warning.
 */
export function assignKeys(
  units: readonly UnitIdentity[],
  angular: boolean,
  warnings?: string[],
): (string | undefined)[] {
  const byText = (unit: UnitIdentity) =>
    !unit.name &&
    (unit.id === undefined ||
      unit.id === "" ||
      (NUMERIC.test(unit.id) && !angular && !HASH_ID.test(unit.id)));
  const fixed = new Set<string>();
  for (const unit of units) if (!byText(unit)) fixed.add(unit.name || unit.id || "");
  const texts = new Set<string>();
  let sourceKeys = true;
  for (const unit of units) {
    if (!byText(unit) || !unit.id) continue;
    if (!usableKey(unit.source) || texts.has(unit.source) || fixed.has(unit.source)) sourceKeys = false;
    texts.add(unit.source);
  }
  const seen = new Set<string>();
  return units.map((unit) => {
    let key = unit.name || unit.id || "";
    if (byText(unit) && (sourceKeys || !unit.id)) key = unit.source;
    if (key === "") return undefined;
    if (seen.has(key)) {
      let n = 2;
      while (seen.has(`${key} (${n})`)) n++;
      warnings?.push(`Two units have the key "${key}"; the later one was imported as "${key} (${n})"`);
      key = `${key} (${n})`;
    }
    seen.add(key);
    return key;
  });
}

/** Collects entries per language in file order, and the warnings. */
export class XliffCollector {
  private readonly byLanguage = new Map<string, Map<string, TranslationEntry>>();
  readonly warnings: string[] = [];
  private readonly fileMeta: Record<string, FormatMeta> = {};

  /** Lists a language even when none of its strings end up translated. */
  touch(language: string) {
    if (!this.byLanguage.has(language)) this.byLanguage.set(language, new Map());
  }

  /** A file whose source and target language are one: its target (the later) wins. */
  add(language: string, entry: TranslationEntry) {
    const entries = this.byLanguage.get(language) ?? new Map<string, TranslationEntry>();
    entries.set(entry.key, entry);
    this.byLanguage.set(language, entries);
  }

  setFileMeta(language: string, meta: FormatMeta) {
    this.fileMeta[language] = meta;
  }

  /** Says so when the file's language is not the one chosen for the import. */
  checkLanguage(role: "source" | "target", declared: string | undefined, chosen: string) {
    if (!declared) return;
    const normalize = (code: string) => code.toLowerCase().replace(/_/g, "-");
    if (normalize(declared) === normalize(chosen)) return;
    const message =
      role === "target"
        ? `The file says its translations are in "${declared}" (not ${chosen}); they were imported as ${declared}`
        : `The file says its source language is "${declared}" (the project's is ${chosen}); its source texts were imported as ${declared}`;
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  result(): ParsedFile {
    const languages: Record<string, TranslationEntry[]> = {};
    for (const [language, entries] of this.byLanguage) languages[language] = [...entries.values()];
    return { languages, warnings: this.warnings, fileMeta: this.fileMeta };
  }
}

/** A unit read from the file, before its key is known. */
export interface ReadUnit {
  identity: UnitIdentity;
  /** The key-level fields (comment, context, translatable, maxLength, meta). */
  fields: Omit<TranslationEntry, "key" | "value">;
  /** The target: undefined when the unit is not translated. */
  target?: { value: string; state?: string | undefined } | undefined;
}

/** Adds read units under their keys: source and target entries carry the same key-level fields. */
export function collectUnits(
  collector: XliffCollector,
  units: readonly ReadUnit[],
  angular: boolean,
  sourceLanguage: string,
  targetLanguage: string,
  unitName: string,
) {
  const keys = assignKeys(
    units.map((unit) => unit.identity),
    angular,
    collector.warnings,
  );
  let unkeyed = 0;
  units.forEach((unit, index) => {
    const key = keys[index];
    if (key === undefined) {
      unkeyed++;
      return;
    }
    collector.add(sourceLanguage, { key, value: unit.identity.source, ...unit.fields });
    if (unit.target === undefined) return;
    const state = unit.target.state ? { state: unit.target.state } : {};
    collector.add(targetLanguage, { key, value: unit.target.value, ...unit.fields, ...state });
  });
  if (unkeyed > 0)
    collector.warnings.push(`Skipped ${unkeyed} <${unitName}> without id, name or source text`);
}

/** Units inside `<body>`/`<file>` and nested `<group>`s, in document order, with their groups. */
export function findUnits(
  container: XmlElement,
  unitName: string,
  out: { unit: XmlElement; groups: Attributes[] }[] = [],
  groups: Attributes[] = [],
): { unit: XmlElement; groups: Attributes[] }[] {
  if (groups.length > MAX_NESTING_DEPTH) return out;
  for (const child of childElements(container)) {
    const name = localName(child.name);
    if (name === unitName) out.push({ unit: child, groups });
    else if (name === "body") findUnits(child, unitName, out, groups);
    else if (name === "group") findUnits(child, unitName, out, [...groups, child.attributes]);
  }
  return out;
}

export function childByLocalName(element: XmlElement, name: string): XmlElement | undefined {
  return childElements(element).find((child) => localName(child.name) === name);
}

/** An element as XML text: as the file wrote it where the document's text is known. */
export function elementXml(element: XmlElement, raw?: RawDocument): string {
  return raw?.xml(element) ?? markupContent([element]);
}

/**
 * The value of a `<source>`/`<target>`'s content: text and CDATA decoded, inline elements as the
 * file wrote their tags (so that they are written again as they were), comments left out.
 */
export function contentValue(nodes: readonly XmlNode[], raw: RawDocument | undefined): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text" || node.type === "cdata") out += node.text;
    else if (node.type === "element") {
      const open = raw?.openTag(node);
      out +=
        open === undefined
          ? markupContent([node])
          : `${open}${contentValue(node.children, raw)}${raw?.closeTag(node) ?? ""}`;
    }
  }
  return out;
}

/** Attributes without the named ones (which the caller maps onto fields). */
export function withoutAttributes(attributes: Attributes, names: readonly string[]): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => !names.includes(name)));
}

// ---------------------------------------------------------------------------------------------
// Reading meta back (it comes from the database as JSON: trust nothing)

export function metaString(value: MetaValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function metaAttributes(value: MetaValue | undefined): Attributes {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Attributes = {};
  for (const [name, attribute] of Object.entries(value)) {
    if (typeof attribute === "string" && /^[A-Za-z_][\w.:-]*$/.test(name)) out[name] = attribute;
  }
  return out;
}

export function metaObjects(value: MetaValue | undefined): { [key: string]: MetaValue }[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is { [key: string]: MetaValue } =>
      item !== null && typeof item === "object" && !Array.isArray(item),
  );
}

export function metaStrings(value: MetaValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The unit's meta when it was read from the given version (else only its id is of use). */
export function versionMeta(meta: FormatMeta | undefined, version: string): FormatMeta {
  return meta && meta.version === version ? meta : {};
}

// ---------------------------------------------------------------------------------------------
// The document's own text: tags as written, and how the file writes XML

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
