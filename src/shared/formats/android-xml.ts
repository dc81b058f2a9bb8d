import { FORMAT_INFO } from "./format-info.ts";
import {
  attributesXml,
  childElements,
  escapeXmlAttribute,
  escapeXmlComment,
  escapeXmlText,
  parseXml,
  tagNames,
  writeMarkup,
  type XmlElement,
  type XmlNode,
} from "./safe-xml.ts";

import {
  type FormatDefinition,
  FormatError,
  type OutputFile,
  PLURAL_CATEGORIES,
  type PluralCategory,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

const NAME = FORMAT_INFO.xml.label;
const XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2";

/**
 * Android string resources (`res/values-xx/strings.xml`), read the way aapt2 compiles them:
 * - `<string name>` → an entry. Text and CDATA get Android's escapes decoded (`\'`, `\"`, `\\`,
 *   `\n`, `\t`, `\@`, `\?`, `\uXXXX`), unescaped `"` toggle quoting (and disappear), whitespace
 *   outside quotes collapses to one space and is trimmed at both ends; XML entities are decoded.
 *   CDATA content is kept as its text (`<![CDATA[<b>m</b> %s]]>` → `<b>m</b> %s`, the same value as
 *   the translations' `&lt;b&gt;m&lt;/b&gt; %s`). Inline markup (`<b>`, `<xliff:g>`) stays in the
 *   value as XML text.
 * - `<plurals>` → a plural entry with the `<item quantity>` forms (all six categories).
 * - `<string-array name="x">` → one entry per item, keys `x[0]`, `x[1]`…; written back as a
 *   string-array (missing indexes become empty items).
 * - `translatable="false"` resources are skipped with one warning (they are not meant to be
 *   translated: URLs, product names); other resource types (`<integer>`, `<color>`…) likewise.
 * - A `<!-- comment -->` right above a resource (no blank line between) is its comment.
 *
 * Writing: a value with markup is written in CDATA (which is how the source files ship HTML that
 * the app passes to Html.fromHtml), except when it carries `<xliff:g>` or `<annotation>` tags,
 * which only mean something as real elements: then its tags are written as elements. A leading
 * `@`/`?` is escaped unless the whole value is a resource reference (`@string/x`, `?attr/y`).
 * Folders use Android qualifiers, one per language (the source language too, so a project can copy
 * the one it ships as default into `values/`): `values-de`, `values-pt-rBR`, `values-b+sr+Latn`,
 * `values-b+es+419`, and Android's legacy codes `values-iw` (he), `values-in` (id), `values-ji` (yi).
 */
export const androidXmlFormat: FormatDefinition = {
  id: "xml",
  label: FORMAT_INFO.xml.label,
  extensions: FORMAT_INFO.xml.extensions,
  async parse(bytes, options) {
    const root = parseXml(bytes, NAME);
    if (root.name !== "resources") {
      throw new FormatError(
        `${NAME}: not an Android resources file (the root element is <${root.name}>, not <resources>)`,
      );
    }
    return readResources(root, options.language);
  },
  async serialize(languages) {
    const files: OutputFile[] = [];
    for (const [language, entries] of Object.entries(languages)) {
      files.push({
        path: `${androidValuesFolder(language)}/strings.xml`,
        bytes: new TextEncoder().encode(writeResources(entries)),
      });
    }
    return files;
  },
};

// ---------------------------------------------------------------------------------------------
// Reading

function readResources(root: XmlElement, language: string) {
  const warnings: string[] = [];
  const byKey = new Map<string, TranslationEntry>();
  const duplicates: string[] = [];
  const untranslatable: string[] = [];
  const otherTypes = new Map<string, number>();
  const add = (entry: TranslationEntry) => {
    if (byKey.has(entry.key)) {
      duplicates.push(entry.key);
      byKey.delete(entry.key);
    }
    byKey.set(entry.key, entry);
  };

  let pendingComment: string | undefined;
  for (const node of root.children) {
    if (node.type === "comment") {
      pendingComment = node.text.trim() || undefined;
      continue;
    }
    if (node.type === "text" || node.type === "cdata") {
      if (/\n[ \t\r]*\n/.test(node.text)) pendingComment = undefined; // a blank line detaches it
      continue;
    }
    const comment = pendingComment;
    pendingComment = undefined;
    const element = node;
    const kind = element.name === "item" && element.attributes.type === "string" ? "string" : element.name;
    if (kind !== "string" && kind !== "plurals" && kind !== "string-array") {
      if (kind !== "eat-comment" && kind !== "skip") otherTypes.set(kind, (otherTypes.get(kind) ?? 0) + 1);
      continue;
    }
    const name = element.attributes.name;
    if (!name) {
      warnings.push(`Skipped a <${element.name}> without a name`);
      continue;
    }
    if (element.attributes.translatable === "false") {
      untranslatable.push(name);
      continue;
    }
    if (kind === "string") {
      const entry: TranslationEntry = { key: name, value: androidContent(element.children) };
      if (comment) entry.comment = comment;
      add(entry);
    } else if (kind === "plurals") {
      const plurals: PluralForms = {};
      for (const item of childElements(element, "item")) {
        const quantity = item.attributes.quantity ?? "";
        if (!(PLURAL_CATEGORIES as readonly string[]).includes(quantity)) {
          warnings.push(`Skipped a form of "${name}": unknown quantity "${quantity}"`);
          continue;
        }
        plurals[quantity as PluralCategory] = androidContent(item.children);
      }
      if (Object.keys(plurals).length === 0) {
        warnings.push(`Skipped "${name}": its <plurals> has no items`);
        continue;
      }
      const entry: TranslationEntry = { key: name, plurals };
      if (comment) entry.comment = comment;
      add(entry);
    } else {
      childElements(element, "item").forEach((item, index) => {
        const entry: TranslationEntry = { key: `${name}[${index}]`, value: androidContent(item.children) };
        if (comment && index === 0) entry.comment = comment;
        add(entry);
      });
    }
  }

  if (untranslatable.length > 0) {
    warnings.push(
      `Skipped ${untranslatable.length} resource${untranslatable.length === 1 ? "" : "s"} marked translatable="false" (not meant to be translated): ${untranslatable.slice(0, 5).join(", ")}${untranslatable.length > 5 ? "…" : ""}`,
    );
  }
  if (otherTypes.size > 0) {
    const count = [...otherTypes.values()].reduce((a, b) => a + b, 0);
    warnings.push(
      `Skipped ${count} resource${count === 1 ? "" : "s"} that are not strings (${[...otherTypes.keys()].map((k) => `<${k}>`).join(", ")})`,
    );
  }
  if (duplicates.length > 0) {
    warnings.push(
      `${duplicates.length} name${duplicates.length === 1 ? " appears" : "s appear"} more than once (the last one was kept): ${duplicates.slice(0, 5).join(", ")}${duplicates.length > 5 ? "…" : ""}`,
    );
  }
  return { languages: { [language]: [...byKey.values()] }, warnings };
}

/** A resource's text as the app sees it, inline elements kept as XML text. */
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

/** Tags written as elements when a value carries `<xliff:g>` or `<annotation>`. */
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

/** Android's escapes for one run of text (before XML escaping or CDATA). */
function escapeAndroidText(text: string, position: { first: boolean; last: boolean }, whole: string): string {
  let out = text.replace(/[\\"'\n\t]/g, (c) => (c === "\n" ? "\\n" : c === "\t" ? "\\t" : `\\${c}`));
  if (position.first && /^[@?]/.test(out) && !REFERENCE.test(whole)) out = `\\${out}`;
  // Whitespace aapt would collapse or trim is kept by quoting the run.
  const needsQuotes =
    /[ \r\v\f]{2,}|[\r\v\f]/.test(out) ||
    (position.first && /^[ \r\v\f]/.test(out)) ||
    (position.last && /[ \r\v\f]$/.test(out));
  return needsQuotes ? `"${out}"` : out;
}

function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/** The XML content of a `<string>` or `<item>` for `value`; `usesXliff` tells whether xliff:g is used. */
function writeAndroidValue(value: string): { xml: string; usesXliff: boolean } {
  const tags = tagNames(value);
  if (tags.length === 0) {
    return {
      xml: escapeXmlText(escapeAndroidText(value, { first: true, last: true }, value)),
      usesXliff: false,
    };
  }
  if (tags.some((tag) => tag === "xliff:g" || tag === "annotation")) {
    const written = writeMarkup(
      value,
      (tag) => INLINE_TAGS.has(tag),
      (text, position) => escapeXmlText(escapeAndroidText(text, position, value)),
    );
    if (written)
      return { xml: written.xml, usesXliff: written.keptTags.some((tag) => tag.startsWith("xliff:")) };
  }
  return { xml: cdata(escapeAndroidText(value, { first: true, last: true }, value)), usesXliff: false };
}

const ARRAY_ITEM = /^(.+)\[(\d+)\]$/;
/** `name[N]` keys beyond this stay plain strings (no array of thousands of empty items). */
const MAX_ARRAY_ITEMS = 1000;

export function writeResources(entries: readonly TranslationEntry[]): string {
  // String-array items are gathered under their array, placed where its first item is.
  const arrays = new Map<string, Map<number, TranslationEntry>>();
  for (const entry of entries) {
    const match = entry.value !== undefined ? ARRAY_ITEM.exec(entry.key) : null;
    if (!match) continue;
    const name = match[1] ?? "";
    if (Number(match[2]) >= MAX_ARRAY_ITEMS) continue;
    const items = arrays.get(name) ?? new Map<number, TranslationEntry>();
    items.set(Number(match[2]), entry);
    arrays.set(name, items);
  }
  // A plain key that is also an array name keeps its items as plain keys (names must be unique).
  for (const entry of entries) if (!ARRAY_ITEM.test(entry.key)) arrays.delete(entry.key);

  let usesXliff = false;
  const body: string[] = [];
  const writtenArrays = new Set<string>();
  const comment = (entry: TranslationEntry | undefined) => {
    if (entry?.comment) body.push(`    <!-- ${escapeXmlComment(entry.comment)} -->`);
  };
  for (const entry of entries) {
    const arrayMatch = entry.value !== undefined ? ARRAY_ITEM.exec(entry.key) : null;
    const arrayName = arrayMatch?.[1];
    const items = arrayName !== undefined ? arrays.get(arrayName) : undefined;
    if (arrayName !== undefined && items?.get(Number(arrayMatch?.[2])) === entry) {
      if (writtenArrays.has(arrayName)) continue;
      writtenArrays.add(arrayName);
      const count = Math.max(...items.keys()) + 1;
      comment(items.get(0) ?? entry);
      body.push(`    <string-array name="${escapeXmlAttribute(arrayName)}">`);
      for (let index = 0; index < count; index++) {
        const written = writeAndroidValue(items.get(index)?.value ?? "");
        usesXliff ||= written.usesXliff;
        body.push(`        <item>${written.xml}</item>`);
      }
      body.push("    </string-array>");
      continue;
    }
    comment(entry);
    if (entry.value === undefined && entry.plurals) {
      body.push(`    <plurals name="${escapeXmlAttribute(entry.key)}">`);
      for (const category of PLURAL_CATEGORIES) {
        const form = entry.plurals[category];
        if (form === undefined) continue;
        const written = writeAndroidValue(form);
        usesXliff ||= written.usesXliff;
        body.push(`        <item quantity="${category}">${written.xml}</item>`);
      }
      body.push("    </plurals>");
      continue;
    }
    const written = writeAndroidValue(entry.value ?? "");
    usesXliff ||= written.usesXliff;
    body.push(`    <string name="${escapeXmlAttribute(entry.key)}">${written.xml}</string>`);
  }
  const open = usesXliff ? `<resources xmlns:xliff="${XLIFF_NS}">` : "<resources>";
  return ['<?xml version="1.0" encoding="utf-8"?>', open, ...body, "</resources>", ""].join("\n");
}

/** Android's legacy language codes, still what resource folders use. */
const ANDROID_LEGACY: Readonly<Record<string, string>> = { he: "iw", id: "in", yi: "ji" };

/** The resource folder of a language: `values-de`, `values-pt-rBR`, `values-b+sr+Latn`. */
export function androidValuesFolder(language: string): string {
  const [primary = "", ...rest] = language.split(/[-_]/);
  const lang = ANDROID_LEGACY[primary.toLowerCase()] ?? primary.toLowerCase();
  if (rest.length === 0 && lang.length === 2) return `values-${lang}`;
  const region = rest[0] ?? "";
  if (rest.length === 1 && lang.length === 2 && /^[A-Za-z]{2}$/.test(region)) {
    return `values-${lang}-r${region.toUpperCase()}`;
  }
  return `values-b+${[lang, ...rest].join("+")}`;
}
