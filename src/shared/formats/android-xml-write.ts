import {
  type AndroidAttributes,
  metaAttributes,
  metaMarkup,
  metaObject,
  metaString,
  pluralItemMeta,
} from "./android-meta.ts";
import { aaptAcceptsFormat, androidResourceName, KEY_ATTRIBUTE, validAndroidName } from "./android-names.ts";
import { writeAndroidValue } from "./android-text.ts";
import { attributesXml, escapeXmlAttribute, escapeXmlComment } from "./safe-xml.ts";
import { type FormatMeta, type MetaValue, PLURAL_CATEGORIES, type TranslationEntry } from "./types.ts";

/** Namespaces Android resource files use, declared on `<resources>` when a prefix needs one. */
const KNOWN_NAMESPACES: Readonly<Record<string, string>> = {
  xliff: "urn:oasis:names:tc:xliff:document:1.2",
  tools: "http://schemas.android.com/tools",
  android: "http://schemas.android.com/apk/res/android",
};

const ARRAY_ITEM = /^(.+)\[(\d+)\]$/;
/** `name[N]` keys beyond this stay plain strings (no array of thousands of empty items). */
const MAX_ARRAY_ITEMS = 1000;
/** The indentation a file has unless its `fileMeta.indent` says another. */
const DEFAULT_INDENT = "    ";
/** Attributes written from the entry's own fields, never from `meta.attributes`. */
const RESERVED = ["name", "translatable", "fuzzy", KEY_ATTRIBUTE];

/** Writes one language's `strings.xml`: entries in the order given, with what their meta kept. */
export function writeResources(entries: readonly TranslationEntry[], fileMeta?: FormatMeta): string {
  const INDENT = metaString(fileMeta, "indent") ?? DEFAULT_INDENT;
  // Comments and blank lines only: anything else there (a doctype) is not written back.
  const prolog = metaString(fileMeta, "prolog")?.match(/^(?:\s*<!--(?:(?!-->)[\s\S])*-->)*\s*$/)?.[0];
  const arrays = gatherArrays(entries);
  const body: string[] = [];
  const comment = (text: string | undefined, depth: number) => {
    if (text) body.push(`${INDENT.repeat(depth)}<!-- ${escapeXmlComment(text)} -->`);
  };
  /**
   * A section heading (a comment describing no element), followed by a blank line unless it is
   * `{ text, blankLine: false }` (it stood right above another comment).
   */
  const writeHeading = (heading: MetaValue) => {
    const text =
      typeof heading === "string" ? heading : metaString(metaObject({ heading }, "heading"), "text");
    if (!text) return;
    body.push(`${INDENT}<!-- ${escapeXmlComment(text)} -->`);
    if (typeof heading === "string") body.push("");
  };
  /** The headings kept with the element after them. */
  const headings = (meta: FormatMeta | undefined) => {
    const list = meta?.headings;
    if (Array.isArray(list)) for (const heading of list) writeHeading(heading);
  };
  const written = new Set<string>();
  // The file's names: a key aapt2 would refuse is written under one it takes that no other has.
  const names = new Set(entries.map((entry) => entry.key).filter(validAndroidName));
  const nameAttributes = (key: string, entry: TranslationEntry, attributes: AndroidAttributes) =>
    nameAttributesOf(key, entry, attributes, names);
  for (const entry of entries) {
    const arrayMatch = isArrayItem(entry) ? ARRAY_ITEM.exec(entry.key) : null;
    const arrayName = arrayMatch?.[1];
    const items = arrayName !== undefined ? arrays.get(arrayName) : undefined;
    if (arrayName !== undefined && items?.get(Number(arrayMatch?.[2])) === entry) {
      if (written.has(arrayName)) continue;
      written.add(arrayName);
      // The array's comment and attributes are on its first item (see android-meta.ts).
      const head = items.get(0) ?? entry;
      headings(head.meta);
      comment(head.comment, 1);
      const arrayAttributes = metaAttributes(metaObject(head.meta, "array"), RESERVED);
      body.push(`${INDENT}<string-array${nameAttributes(arrayName, head, arrayAttributes)}>`);
      const count = Math.max(...items.keys()) + 1;
      for (let index = 0; index < count; index++) {
        const item = items.get(index);
        const own = index === 0 ? metaString(item?.meta, "itemComment") : item?.comment;
        comment(item === head && index !== 0 ? undefined : own, 2);
        const xml = writeAndroidValue(item?.value ?? "", metaMarkup(item?.meta));
        body.push(`${INDENT.repeat(2)}<item${attributesXml(metaAttributes(item?.meta, []))}>${xml}</item>`);
      }
      body.push(`${INDENT}</string-array>`);
      continue;
    }
    headings(entry.meta);
    comment(entry.comment, 1);
    const attributes = metaAttributes(entry.meta, RESERVED);
    if (entry.value === undefined && entry.plurals) {
      body.push(`${INDENT}<plurals${nameAttributes(entry.key, entry, attributes)}>`);
      for (const category of PLURAL_CATEGORIES) {
        const form = entry.plurals[category];
        if (form === undefined) continue;
        const itemMeta = pluralItemMeta(entry.meta, category);
        comment(metaString(itemMeta, "comment"), 2);
        const itemAttributes = attributesXml(metaAttributes(itemMeta, ["quantity"]));
        const xml = writeAndroidValue(form, metaMarkup(itemMeta));
        body.push(`${INDENT.repeat(2)}<item quantity="${category}"${itemAttributes}>${xml}</item>`);
      }
      body.push(`${INDENT}</plurals>`);
      continue;
    }
    const list = entry.valueType === "json" ? jsonList(entry.value) : undefined;
    if (list) {
      const element = arrayElement(metaString(entry.meta, "element"));
      body.push(`${INDENT}<${element}${nameAttributes(entry.key, entry, attributes)}>`);
      for (const item of list) {
        body.push(`${INDENT.repeat(2)}<item>${item === null ? "@null" : writeAndroidValue(item)}</item>`);
      }
      body.push(`${INDENT}</${element}>`);
      continue;
    }
    const element = metaString(entry.meta, "element") === "item" ? "item" : "string";
    if (element === "item") attributes.type ??= "string";
    // Several arguments, one not positional (`%s and %s` from another format): aapt2 compiles the
    // string only as no format string, which it is to Android's tools, not to String.format().
    if (
      element === "string" &&
      entry.translatable !== false &&
      attributes.formatted === undefined &&
      !aaptAcceptsFormat(entry.value ?? "")
    ) {
      attributes.formatted = "false";
    }
    const escapes = entry.meta?.unicodeEscapes;
    const xml = writeAndroidValue(
      entry.value ?? "",
      metaMarkup(entry.meta),
      Array.isArray(escapes) ? escapes.filter((item): item is string => typeof item === "string") : undefined,
    );
    body.push(`${INDENT}<${element}${nameAttributes(entry.key, entry, attributes)}>${xml}</${element}>`);
  }
  const trailing = fileMeta?.trailingComments;
  if (Array.isArray(trailing)) for (const heading of trailing) writeHeading(heading);
  const root = metaAttributes(fileMeta, []);
  for (const prefix of usedPrefixes(body.join("\n"))) {
    const uri = KNOWN_NAMESPACES[prefix];
    if (uri && root[`xmlns:${prefix}`] === undefined) root[`xmlns:${prefix}`] = uri;
  }
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `${prolog ?? ""}<resources${attributesXml(root)}>`,
    ...body,
    "</resources>",
    "",
  ].join("\n");
}

/** String-array items (`name[N]` text entries) by array name, unless a plain key has that name. */
function gatherArrays(entries: readonly TranslationEntry[]): Map<string, Map<number, TranslationEntry>> {
  const arrays = new Map<string, Map<number, TranslationEntry>>();
  for (const entry of entries) {
    const match = isArrayItem(entry) ? ARRAY_ITEM.exec(entry.key) : null;
    if (!match || Number(match[2]) >= MAX_ARRAY_ITEMS) continue;
    const name = match[1] ?? "";
    const items = arrays.get(name) ?? new Map<number, TranslationEntry>();
    items.set(Number(match[2]), entry);
    arrays.set(name, items);
  }
  // Resource names must be unique: a plain key that is also an array name keeps the items as strings.
  for (const entry of entries) if (!ARRAY_ITEM.test(entry.key)) arrays.delete(entry.key);
  return arrays;
}

function isArrayItem(entry: TranslationEntry): boolean {
  return entry.value !== undefined && entry.valueType !== "json";
}

/**
 * ` name="…"` (a product variant's key back to its name), `translatable="false"`, `fuzzy="true"`
 * for a fuzzy string (translatewiki's mark), then the rest.
 */
function nameAttributesOf(
  key: string,
  entry: TranslationEntry,
  attributes: AndroidAttributes,
  used: Set<string>,
): string {
  const product = attributes.product;
  const suffix = `[product=${product}]`;
  const base = product && key.endsWith(suffix) ? key.slice(0, -suffix.length) : key;
  const name = androidResourceName(base, used);
  const keyAttribute = name === base ? "" : ` ${KEY_ATTRIBUTE}="${escapeXmlAttribute(base)}"`;
  const translatable = entry.translatable === false ? ' translatable="false"' : "";
  const fuzzy = entry.state === "fuzzy" ? ' fuzzy="true"' : "";
  return ` name="${escapeXmlAttribute(name)}"${keyAttribute}${translatable}${fuzzy}${attributesXml(attributes)}`;
}

/**
 * A JSON list value's items as item texts (null stays null: it is written as Android's `@null`),
 * or undefined when the value is not a list.
 */
function jsonList(value: string | undefined): (string | null)[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value ?? "");
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  return parsed.map((item: unknown) =>
    typeof item === "string" ? item : item === null ? null : JSON.stringify(item),
  );
}

/**
 * A list from another format (YAML `day_names`) is a typed `<array>` here: a `<string-array>` reads
 * back as one key per item, so importing the export again would add keys.
 */
function arrayElement(element: string | undefined): string {
  return element === "integer-array" || element === "string-array" ? element : "array";
}

/** Namespace prefixes of the element and attribute names written (text in CDATA may add false hits). */
function usedPrefixes(xml: string): Set<string> {
  const prefixes = new Set<string>();
  for (const match of xml.matchAll(/<\/?([A-Za-z_][\w.-]*):|\s([A-Za-z_][\w.-]*):[\w.-]+="/g)) {
    const prefix = match[1] ?? match[2];
    if (prefix && prefix !== "xmlns") prefixes.add(prefix);
  }
  return prefixes;
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
