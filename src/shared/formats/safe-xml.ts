import { XMLParser, XMLValidator } from "fast-xml-parser";
import { decodeFileText } from "./file-text.ts";
import { FormatError, MAX_NESTING_DEPTH } from "./types.ts";

/**
 * Reading untrusted XML safely (Android, .stringsdict, XLIFF); the bytes are decoded by
 * `file-text.ts`:
 * - `parseXml`: well-formedness checked by fast-xml-parser's validator (line and column in the
 *   message), entities never expanded (a DOCTYPE that declares entities — billion laughs, XXE — is
 *   refused; only the five predefined entities and numeric character references are decoded, by
 *   us), nesting limited to MAX_NESTING_DEPTH.
 * - escaping and inline markup helpers for writing XML back.
 */

/** The `encoding="…"` of an XML declaration, read from the first bytes as ASCII. */
function declaredXmlEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const match = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return match?.[1];
}

// ---------------------------------------------------------------------------------------------
// XML reading

export interface XmlElement {
  type: "element";
  name: string;
  /** Attribute values, entities decoded. */
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode =
  | XmlElement
  | { type: "text"; text: string }
  | { type: "cdata"; text: string }
  | { type: "comment"; text: string };

const PARSER_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  commentPropName: "#comment",
  cdataPropName: "#cdata",
  processEntities: false,
  htmlEntities: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_NESTING_DEPTH,
} as const;

/**
 * Parses an XML document from bytes and returns its root element. Throws FormatError for binary or
 * malformed input, truncated documents, entity declarations and too deep nesting.
 */
export function parseXml(bytes: Uint8Array, formatName: string): XmlElement {
  const text = decodeFileText(bytes, formatName, declaredXmlEncoding(bytes));
  if (text.trim() === "") throw new FormatError(`${formatName}: the file is empty`);
  const withoutDoctype = removeDoctype(text, formatName);
  const valid = XMLValidator.validate(withoutDoctype, { allowBooleanAttributes: false });
  if (valid !== true) throw new FormatError(`${formatName}: ${describeXmlError(valid.err)}`);
  let ordered: unknown;
  try {
    ordered = new XMLParser(PARSER_OPTIONS).parse(withoutDoctype);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nested/i.test(message)) {
      throw new FormatError(
        `${formatName}: elements are nested more than ${MAX_NESTING_DEPTH} levels deep, which no localization file needs`,
      );
    }
    throw new FormatError(`${formatName}: malformed XML: ${message}`);
  }
  const roots = convertNodes(ordered, formatName).filter(
    (node): node is XmlElement => node.type === "element",
  );
  if (roots.length !== 1 || !roots[0]) {
    throw new FormatError(
      `${formatName}: malformed XML: expected one root element, found ${roots.length === 0 ? "none" : roots.length}`,
    );
  }
  return roots[0];
}

/** fast-xml-parser's validator messages, said for people (truncation named as such). */
function describeXmlError(err: { code: string; msg: string; line: number; col?: number }): string {
  const where = `line ${err.line}${err.col === undefined ? "" : `, column ${err.col}`}`;
  const open = /^Invalid '\[(.*)\]' found/s.exec(err.msg);
  if (open) {
    const names = [...(open[1] ?? "").matchAll(/"([^"]+)"/g)].map((match) => `<${match[1]}>`).reverse();
    const shown =
      names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ");
    return `the file ends before ${shown} ${names.length === 1 ? "is" : "are"} closed (is it truncated?)`;
  }
  const unclosed = /^Unclosed tag '([^']+)'/.exec(err.msg);
  if (unclosed) return `<${unclosed[1]}> is never closed (is the file truncated?) (${where})`;
  if (/^Start tag expected/.test(err.msg)) return "malformed XML: there is no root element";
  return `malformed XML: ${err.msg.replace(/\.$/, "")} (${where})`;
}

/**
 * Takes the DOCTYPE out of the text (we never read DTDs). One that declares entities is refused:
 * expanding them is how "billion laughs" and external-entity (XXE) attacks work.
 */
function removeDoctype(text: string, formatName: string): string {
  const found = findDoctype(text, 0);
  if (!found) return text;
  const { start, inProlog } = found;
  let depth = 0;
  let quote: string | undefined;
  let end = -1;
  for (let i = start + 9; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "[") {
      depth++;
    } else if (c === "]") {
      depth--;
    } else if (c === ">" && depth <= 0) {
      end = i;
      break;
    }
  }
  if (end < 0)
    throw new FormatError(`${formatName}: the file is incomplete (truncated?): unterminated DOCTYPE`);
  const doctype = text.slice(start, end + 1);
  if (/<!ENTITY/i.test(doctype)) {
    throw new FormatError(
      `${formatName}: the file declares XML entities in its DOCTYPE. Sprog does not expand them (that is how "billion laughs" and XXE attacks work); remove the DOCTYPE and try again`,
    );
  }
  if (!inProlog) throw new FormatError(`${formatName}: malformed XML: a DOCTYPE inside the document`);
  if (findDoctype(text, end + 1))
    throw new FormatError(`${formatName}: malformed XML: more than one DOCTYPE`);
  // Keep line numbers of later errors right.
  return text.slice(0, start) + doctype.replace(/[^\n]/g, " ") + text.slice(end + 1);
}

/** Where a `<!DOCTYPE` starts outside comments, CDATA and processing instructions. */
function findDoctype(text: string, from: number): { start: number; inProlog: boolean } | undefined {
  let seenElement = from > 0;
  for (let i = text.indexOf("<", from); i >= 0; i = text.indexOf("<", i + 1)) {
    const skipTo = (closer: string, open: number) => {
      const end = text.indexOf(closer, i + open);
      return end < 0 ? text.length : end + closer.length - 1;
    };
    if (text.startsWith("<!--", i)) i = skipTo("-->", 4);
    else if (text.startsWith("<![CDATA[", i)) i = skipTo("]]>", 9);
    else if (text.startsWith("<?", i)) i = skipTo("?>", 2);
    else if (text.slice(i, i + 9).toUpperCase() === "<!DOCTYPE") return { start: i, inProlog: !seenElement };
    else if (/[A-Za-z_:]/.test(text[i + 1] ?? "")) seenElement = true;
  }
  return undefined;
}

function convertNodes(raw: unknown, formatName: string): XmlNode[] {
  if (!Array.isArray(raw)) return [];
  const nodes: XmlNode[] = [];
  for (const item of raw as Record<string, unknown>[]) {
    for (const [name, value] of Object.entries(item)) {
      if (name === ":@") continue;
      if (name === "#text") {
        nodes.push({ type: "text", text: decodeXmlEntities(String(value), formatName) });
      } else if (name === "#comment") {
        nodes.push({ type: "comment", text: innerText(value) });
      } else if (name === "#cdata") {
        nodes.push({ type: "cdata", text: innerText(value) });
      } else {
        const attributes: Record<string, string> = {};
        const rawAttributes = item[":@"];
        if (rawAttributes && typeof rawAttributes === "object") {
          for (const [attribute, attributeValue] of Object.entries(rawAttributes)) {
            attributes[attribute] = decodeXmlEntities(String(attributeValue), formatName);
          }
        }
        nodes.push({ type: "element", name, attributes, children: convertNodes(value, formatName) });
      }
    }
  }
  return nodes;
}

/** The raw text of a comment or CDATA node (`[{"#text": "…"}]`). */
function innerText(value: unknown): string {
  if (!Array.isArray(value)) return "";
  return value.map((part) => String((part as Record<string, unknown>)["#text"] ?? "")).join("");
}

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** Decodes the five predefined entities and numeric character references; any other entity is an error. */
export function decodeXmlEntities(text: string, formatName: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&([^;&\s]{0,32});/g, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = /^#x[0-9a-fA-F]{1,6}$/.test(name)
        ? Number.parseInt(name.slice(2), 16)
        : /^#[0-9]{1,7}$/.test(name)
          ? Number.parseInt(name.slice(1), 10)
          : Number.NaN;
      if (!isXmlChar(code)) {
        throw new FormatError(`${formatName}: malformed XML: invalid character reference ${whole}`);
      }
      return String.fromCodePoint(code);
    }
    const predefined = PREDEFINED_ENTITIES[name];
    if (predefined === undefined) {
      throw new FormatError(
        `${formatName}: malformed XML: the entity ${whole} is not defined (only &amp; &lt; &gt; &quot; &apos; and numeric references are read)`,
      );
    }
    return predefined;
  });
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

// ---------------------------------------------------------------------------------------------
// Walking the tree

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (node): node is XmlElement => node.type === "element" && (name === undefined || node.name === name),
  );
}

export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  return childElements(element, name)[0];
}

/** The element name without its namespace prefix (`xliff:g` → `g`). */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Plain text content (text and CDATA, inline elements' text included, comments left out). */
export function textContent(element: XmlElement): string {
  return element.children
    .map((node) => (node.type === "element" ? textContent(node) : node.type === "comment" ? "" : node.text))
    .join("");
}

/**
 * Content with inline elements kept as their XML text: `Hello <g id="1">world</g> &amp; you`
 * becomes `Hello <g id="1">world</g> & you` (text and CDATA decoded, tags as written with their
 * attributes escaped, comments left out).
 */
export function markupContent(nodes: readonly XmlNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text" || node.type === "cdata") out += node.text;
    else if (node.type === "element") {
      const open = `<${node.name}${attributesXml(node.attributes)}`;
      out +=
        node.children.length === 0 ? `${open}/>` : `${open}>${markupContent(node.children)}</${node.name}>`;
    }
  }
  return out;
}

/** ` name="value"…` for a start tag. */
export function attributesXml(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(value)}"`)
    .join("");
}

// ---------------------------------------------------------------------------------------------
// XML writing

export function escapeXmlText(value: string): string {
  return stripInvalidXmlChars(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeXmlAttribute(value: string): string {
  return stripInvalidXmlChars(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}

/** Characters XML 1.0 cannot carry at all (not even as references) are dropped. */
function stripInvalidXmlChars(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
}

/** An XML comment body: `--` cannot appear inside one. */
export function escapeXmlComment(value: string): string {
  return stripInvalidXmlChars(value).replace(/--/g, "- -").replace(/-$/, "- ");
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/g;

/**
 * Writes a value that may carry inline markup: tags whose name `keep` accepts are written as
 * elements, everything else is escaped text (`escapeText` may add the format's own escapes; it
 * is told whether the text run starts or ends the value). Returns undefined when the kept tags
 * do not form well-formed XML (unbalanced, bad attributes), so the caller can escape the whole
 * value instead. `keptTags` lists the tags written as elements.
 */
export function writeMarkup(
  value: string,
  keep: (tagName: string) => boolean,
  escapeText: (text: string, position: { first: boolean; last: boolean }) => string = escapeXmlText,
): { xml: string; keptTags: string[] } | undefined {
  let xml = "";
  let last = 0;
  const keptTags: string[] = [];
  for (const match of value.matchAll(TAG)) {
    const name = match[2] ?? "";
    if (!keep(name)) continue;
    xml += escapeText(value.slice(last, match.index), { first: last === 0, last: false });
    // A bare & in an attribute value (typed by a person) would make the file unreadable.
    xml += match[0].replace(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g, "&amp;");
    keptTags.push(name);
    last = match.index + match[0].length;
  }
  xml += escapeText(value.slice(last), { first: last === 0, last: true });
  if (keptTags.length === 0) return { xml, keptTags };
  // Namespace prefixes need no declaration for the validator; balance and attributes do.
  if (XMLValidator.validate(`<r>${xml}</r>`) !== true) return undefined;
  return { xml, keptTags };
}

/** Names of the tags a value contains (`<b>`, `</b>`, `<x/>` → b, x). */
export function tagNames(value: string): string[] {
  return [...value.matchAll(TAG)].map((match) => match[2] ?? "");
}
