/**
 * For the Android XML tests: a small reader independent of Sprog's, with aapt2's rules for string
 * resources (escapes, quoting, whitespace, element spans), on fast-xml-parser. It stands in for
 * aapt2, which is not available here: a round trip is right when this reader sees the same
 * resources in the original file and in the export. `roundTrip` runs Sprog's import → export.
 */
import { XMLParser } from "fast-xml-parser";
import { androidXmlFormat } from "./android-xml.ts";
import type { ParsedFile } from "./types.ts";

export interface AaptResource {
  element: string;
  name: string;
  attributes: Record<string, string>;
  comment?: string;
  /** `<string>`: the text, element spans as ⟦b⟧…⟦/b⟧ (CDATA and `&lt;b&gt;` stay literal text). */
  text?: string;
  items?: string[];
  quantities?: Record<string, string>;
}

type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  commentPropName: "#comment",
  cdataPropName: "#cdata",
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
});

const nodeName = (node: OrderedNode) => Object.keys(node).find((key) => key !== ":@") ?? "";
const nodeChildren = (node: OrderedNode) => (node[nodeName(node)] as OrderedNode[] | undefined) ?? [];
const nodeAttributes = (node: OrderedNode) => (node[":@"] as Record<string, string> | undefined) ?? {};
const innerText = (node: OrderedNode) =>
  nodeChildren(node)
    .map((child) => String(child["#text"] ?? ""))
    .join("");

/** aapt2's StringBuilder: escapes, `"` quoting, unquoted whitespace collapsed and trimmed at the ends. */
export function aaptText(nodes: OrderedNode[]): string {
  const out: Array<{ c: string; soft: boolean }> = [];
  let quoted = false;
  let lastSpace = false;
  const append = (raw: string) => {
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i] ?? "";
      if (c === "\\") {
        const e = raw[++i] ?? "";
        const hex = raw.slice(i + 1, i + 5);
        if (e === "u" && /^[0-9a-fA-F]{4}$/.test(hex)) {
          out.push({ c: String.fromCharCode(Number.parseInt(hex, 16)), soft: false });
          i += 4;
        } else out.push({ c: e === "n" ? "\n" : e === "t" ? "\t" : e, soft: false });
        lastSpace = false;
      } else if (c === '"') {
        quoted = !quoted;
      } else if (!quoted && /[ \t\n\r\v\f]/.test(c)) {
        if (!lastSpace) out.push({ c: " ", soft: true });
        lastSpace = true;
      } else {
        out.push({ c, soft: false });
        lastSpace = false;
      }
    }
  };
  const walk = (children: OrderedNode[]) => {
    for (const node of children) {
      const name = nodeName(node);
      if (name === "#text") append(String(node["#text"]));
      else if (name === "#cdata") append(innerText(node));
      else if (name !== "#comment") {
        const attributes = Object.entries(nodeAttributes(node))
          .map(([key, value]) => ` ${key}=${value}`)
          .join("");
        out.push({ c: `⟦${name}${attributes}⟧`, soft: false });
        walk(nodeChildren(node));
        out.push({ c: `⟦/${name}⟧`, soft: false });
      }
    }
  };
  walk(nodes);
  while (out[0]?.soft) out.shift();
  while (out[out.length - 1]?.soft) out.pop();
  return out.map((part) => part.c).join("");
}

/** The resources of a strings.xml in file order, each with the comment right above it. */
export function aaptRead(xml: string): { root: Record<string, string>; resources: AaptResource[] } {
  const document = parser.parse(xml) as OrderedNode[];
  const root = document.find((node) => nodeName(node) === "resources");
  if (!root) throw new Error("no <resources>");
  const resources: AaptResource[] = [];
  let comment: string | undefined;
  for (const node of nodeChildren(root)) {
    const element = nodeName(node);
    if (element === "#comment") {
      comment = innerText(node).trim() || undefined;
      continue;
    }
    if (element === "#text") {
      if (/\n[ \t\r]*\n/.test(String(node["#text"]))) comment = undefined;
      continue;
    }
    const { name = "", ...attributes } = nodeAttributes(node);
    const resource: AaptResource = { element, name, attributes };
    if (comment) resource.comment = comment;
    comment = undefined;
    const items = nodeChildren(node).filter((child) => nodeName(child) === "item");
    if (element === "string" || element === "item") resource.text = aaptText(nodeChildren(node));
    else if (element === "plurals") {
      resource.quantities = Object.fromEntries(
        items.map((item) => [nodeAttributes(item).quantity ?? "", aaptText(nodeChildren(item))]),
      );
    } else if (element.endsWith("array")) resource.items = items.map((item) => aaptText(nodeChildren(item)));
    else continue;
    resources.push(resource);
  }
  return { root: nodeAttributes(root), resources };
}

export const OUT = { sourceLanguage: "en", pretty: true, nested: false, flattenPlurals: false };

export async function parse(xml: string | Uint8Array, language = "en"): Promise<ParsedFile> {
  const bytes = typeof xml === "string" ? new TextEncoder().encode(xml) : xml;
  return androidXmlFormat.parse(bytes, { language, sourceLanguage: "en" });
}

/** Sprog's parse → serialize (with the file metadata) → parse, and both files as aapt2 reads them. */
export async function roundTrip(xml: string, language = "en") {
  const first = await parse(xml, language);
  const entries = first.languages[language] ?? [];
  const [file] = await androidXmlFormat.serialize(
    { [language]: entries },
    first.fileMeta ? { ...OUT, fileMeta: first.fileMeta } : OUT,
  );
  const written = new TextDecoder().decode(file?.bytes);
  const second = await parse(written, language);
  return { first, entries, second, written, before: aaptRead(xml), after: aaptRead(written) };
}
