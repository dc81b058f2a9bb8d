import { type AndroidAttributes, compactMeta, itemMetaValue } from "./android-meta.ts";
import { KEY_ATTRIBUTE } from "./android-names.ts";
import { readAndroidContent, unicodeEscapesOf } from "./android-text.ts";
import { textContent, type XmlElement, type XmlNode } from "./safe-xml.ts";
import {
  type FormatMeta,
  type MetaValue,
  type ParsedFile,
  PLURAL_CATEGORIES,
  type PluralCategory,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

/** Arrays whose items are not text to translate (numbers, `@integer/x`, `@drawable/y`), kept as JSON. */
const JSON_ARRAYS = new Set(["integer-array", "array"]);
/** Elements that are not resources and mean nothing to translation. */
const IGNORED = new Set(["eat-comment", "skip"]);

/** The key of a resource: a `product` variant gets its own key, since its name is shared. */
export function androidKey(name: string, attributes: AndroidAttributes): string {
  const product = attributes.product;
  return product && product !== "default" ? `${name}[product=${product}]` : name;
}

/** A `<resources>` element as entries in file order (see `android-xml.ts` for what is kept). */
export function readResources(root: XmlElement, language: string): ParsedFile {
  const warnings: string[] = [];
  const byKey = new Map<string, TranslationEntry>();
  const duplicates: string[] = [];
  const otherTypes = new Map<string, number>();
  const add = (entry: TranslationEntry) => {
    if (byKey.has(entry.key)) {
      duplicates.push(entry.key);
      byKey.delete(entry.key);
    }
    byKey.set(entry.key, entry);
  };

  const sections = sectionComments(root.children);
  for (const { element, comment } of withComments(root.children)) {
    const headings = sections.before.get(element);
    const kind = element.name === "item" && element.attributes.type === "string" ? "string" : element.name;
    if (kind !== "string" && kind !== "plurals" && kind !== "string-array" && !JSON_ARRAYS.has(kind)) {
      if (!IGNORED.has(kind)) otherTypes.set(kind, (otherTypes.get(kind) ?? 0) + 1);
      continue;
    }
    const {
      name: written,
      translatable,
      fuzzy,
      [KEY_ATTRIBUTE]: keyName,
      ...attributes
    } = element.attributes;
    // Written by Sprog under a name Android takes: read back under the key it stands for.
    const name = keyName || written;
    if (!name) {
      warnings.push(`Skipped a <${element.name}> without a name`);
      continue;
    }
    // Only "false" has a field; any other value stays an attribute so it is written back as it was.
    if (translatable !== undefined && translatable !== "false") attributes.translatable = translatable;
    if (fuzzy !== undefined && fuzzy !== "true") attributes.fuzzy = fuzzy;
    const base = (key: string): TranslationEntry => {
      const entry: TranslationEntry = { key };
      if (translatable === "false") entry.translatable = false;
      // translatewiki's mark of an outdated translation: a state of this language's string, not of the key.
      if (fuzzy === "true") entry.state = "fuzzy";
      return entry;
    };
    const key = androidKey(name, attributes);
    if (kind === "string") {
      const { value, markup } = readAndroidContent(element.children);
      const entry: TranslationEntry = { ...base(key), value };
      const unicodeEscapes = unicodeEscapesOf(element.children);
      finish(entry, comment, {
        headings,
        element: element.name === "item" ? "item" : undefined,
        attributes,
        markup,
        unicodeEscapes: unicodeEscapes.length > 0 ? unicodeEscapes : undefined,
      });
      add(entry);
    } else if (kind === "plurals") {
      const plurals: PluralForms = {};
      const items: FormatMeta = {};
      for (const { element: item, comment: itemComment } of withComments(element.children)) {
        if (item.name !== "item") continue;
        const { quantity = "", ...itemAttributes } = item.attributes;
        if (!(PLURAL_CATEGORIES as readonly string[]).includes(quantity)) {
          warnings.push(`Skipped a form of "${name}": unknown quantity "${quantity}"`);
          continue;
        }
        const { value, markup } = readAndroidContent(item.children);
        plurals[quantity as PluralCategory] = value;
        const itemMeta = itemMetaValue({ comment: itemComment, markup, attributes: itemAttributes });
        if (itemMeta) items[quantity] = itemMeta;
      }
      if (Object.keys(plurals).length === 0) {
        warnings.push(`Skipped "${name}": its <plurals> has no items`);
        continue;
      }
      const entry: TranslationEntry = { ...base(key), plurals };
      finish(entry, comment, { headings, attributes, items });
      add(entry);
    } else if (kind === "string-array") {
      const items = withComments(element.children).filter(({ element: item }) => item.name === "item");
      if (items.length === 0) warnings.push(`Skipped "${name}": its <string-array> has no items`);
      items.forEach(({ element: item, comment: itemComment }, index) => {
        const itemKey = `${key}[${index}]`;
        const { value, markup } = readAndroidContent(item.children);
        const entry: TranslationEntry = { ...base(itemKey), value };
        const first = index === 0;
        // The array's own comment and attributes ride on its first item, where it is written.
        finish(entry, first ? comment : itemComment, {
          headings: first ? headings : undefined,
          attributes: item.attributes,
          markup,
          array: first ? compactMeta({ attributes }) : undefined,
          itemComment: first ? itemComment : undefined,
        });
        add(entry);
      });
    } else {
      // `@null` is Android's null reference: a YAML list's `~` travels as it (android-xml-write.ts).
      const values = childElementsOf(element, "item").map((item) =>
        textContent(item).trim() === "@null" ? null : readAndroidContent(item.children).value,
      );
      const entry: TranslationEntry = { ...base(key), value: JSON.stringify(values), valueType: "json" };
      finish(entry, comment, { headings, element: element.name, attributes });
      add(entry);
    }
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
  const parsed: ParsedFile = { languages: { [language]: [...byKey.values()] }, warnings };
  const fileMeta: FormatMeta = {};
  if (Object.keys(root.attributes).length > 0) fileMeta.attributes = { ...root.attributes };
  if (sections.after.length > 0) fileMeta.trailingComments = sections.after;
  if (Object.keys(fileMeta).length > 0) {
    parsed.fileMeta = { [language]: fileMeta };
  }
  return parsed;
}

function finish(
  entry: TranslationEntry,
  comment: string | undefined,
  meta: Record<string, MetaValue | undefined>,
) {
  if (comment) entry.comment = comment;
  const compact = compactMeta(meta);
  if (compact) entry.meta = compact;
}

function childElementsOf(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((node): node is XmlElement => node.type === "element" && node.name === name);
}

/**
 * The comments that describe no element (issue 33: they were lost): a section heading parted from
 * the next element by a blank line, or followed by another comment, kept with the next element
 * (`before`, in file order) or, after the last one, as `after`.
 */
function sectionComments(nodes: readonly XmlNode[]): {
  before: Map<XmlElement, MetaValue[]>;
  after: MetaValue[];
} {
  const before = new Map<XmlElement, MetaValue[]>();
  // A heading is its text; one followed by another comment without a blank line is `{ text, blankLine: false }`.
  let headings: MetaValue[] = [];
  let pending: string | undefined;
  const keep = (text: string, blankLine: boolean) => {
    if (text !== "") headings.push(blankLine ? text : { text, blankLine: false });
  };
  for (const node of nodes) {
    if (node.type === "comment") {
      if (pending !== undefined) keep(pending, false);
      pending = node.text.trim();
    } else if (node.type === "text" || node.type === "cdata") {
      if (pending !== undefined && /\n[ \t\r]*\n/.test(node.text)) {
        keep(pending, true);
        pending = undefined;
      }
    } else {
      if (headings.length > 0) before.set(node, headings);
      headings = [];
      pending = undefined;
    }
  }
  if (pending !== undefined) keep(pending, false);
  return { before, after: headings };
}

/**
 * The child elements, each with the comment right above it: the last `<!-- -->` before it with no
 * blank line in between (a blank line makes it a section heading, not a description).
 */
function withComments(nodes: readonly XmlNode[]): Array<{ element: XmlElement; comment?: string }> {
  const out: Array<{ element: XmlElement; comment?: string }> = [];
  let pending: string | undefined;
  for (const node of nodes) {
    if (node.type === "comment") {
      pending = node.text.trim() || undefined;
    } else if (node.type === "text" || node.type === "cdata") {
      if (/\n[ \t\r]*\n/.test(node.text)) pending = undefined;
    } else {
      out.push(pending === undefined ? { element: node } : { element: node, comment: pending });
      pending = undefined;
    }
  }
  return out;
}
