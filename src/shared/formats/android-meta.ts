import { isMarkup, type Markup } from "./android-text.ts";
import type { FormatMeta, MetaValue } from "./types.ts";

/**
 * What Android XML keeps in `TranslationEntry.meta` and `ParsedFile.fileMeta` (all optional, only
 * present when the file said something):
 *
 * Entry `meta`:
 * - `element`: the element to write when it is not the kind's usual one: `"item"` (a
 *   `<item type="string" name>`), `"integer-array"` or `"array"` (a `valueType: "json"` entry).
 * - `attributes`: the resource element's other attributes, as written (`tools:ignore`,
 *   `formatted`, `product`, `type`, `translatable` other than `"false"`…). `name`,
 *   `translatable="false"` (`translatable`) and `fuzzy="true"` (`state: "fuzzy"`) have fields.
 * - `headings` (strings): comments before the element that describe no element (section headings
 *   parted by a blank line, or followed by another comment), written back above it, each followed
 *   by a blank line. `fileMeta.trailingComments`: those after the last element.
 * - `markup`: how the text was written (`"cdata"`, `"elements"`, `"escaped"`, see `Markup`).
 * - `unicodeEscapes` (strings): the `\uXXXX` escapes the text was written with (`"\ud83e"`), so
 *   those characters are written back escaped (`unicodeEscapesOf`).
 * - `items` (plurals): per quantity, `{ comment?, markup?, attributes? }` of its `<item>`.
 * - string-array items (keys `name[0]`, `name[1]`…): `attributes`/`markup` of the `<item>`; the
 *   first item also carries `array: { attributes }` (the `<string-array>`'s) and `itemComment`
 *   (its own comment; the entry's `comment` is the one above the `<string-array>`).
 *
 * `fileMeta[language]`: `{ attributes: {...} }`, the `<resources>` element's attributes
 * (`xmlns:tools`, `tools:locale`, `xmlns:xliff`…).
 */
export type AndroidAttributes = Record<string, string>;

export interface AndroidItemMeta {
  comment?: string;
  markup?: Markup;
  attributes?: AndroidAttributes;
}

/** A JSON object field of a meta bag, or undefined. */
export function metaObject(meta: FormatMeta | undefined, key: string): FormatMeta | undefined {
  const value = meta?.[key];
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

export function metaString(meta: FormatMeta | undefined, key: string): string | undefined {
  const value = meta?.[key];
  return typeof value === "string" ? value : undefined;
}

export function metaMarkup(meta: FormatMeta | undefined): Markup | undefined {
  const value = meta?.markup;
  return isMarkup(value) ? value : undefined;
}

const ATTRIBUTE_NAME = /^[A-Za-z_][\w.:-]*$/;

/**
 * The attributes kept in `meta.attributes`, minus those the writer sets itself. A name that is not
 * an XML name (the bag is JSON from the database) is left out rather than break the file.
 */
export function metaAttributes(meta: FormatMeta | undefined, reserved: readonly string[]): AndroidAttributes {
  const attributes: AndroidAttributes = {};
  for (const [name, value] of Object.entries(metaObject(meta, "attributes") ?? {})) {
    if (typeof value === "string" && ATTRIBUTE_NAME.test(name) && !reserved.includes(name)) {
      attributes[name] = value;
    }
  }
  return attributes;
}

/** A meta bag without its empty fields, or undefined when nothing is left. */
export function compactMeta(fields: Record<string, MetaValue | undefined>): FormatMeta | undefined {
  const meta: FormatMeta = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === "object" && value !== null && Object.keys(value).length === 0) continue;
    meta[key] = value;
  }
  return Object.keys(meta).length > 0 ? meta : undefined;
}

/** The kept metadata of one `<item quantity>` of a plurals entry. */
export function pluralItemMeta(meta: FormatMeta | undefined, quantity: string): FormatMeta | undefined {
  return metaObject(metaObject(meta, "items"), quantity);
}

export function itemMetaValue(item: AndroidItemMeta): FormatMeta | undefined {
  return compactMeta({ comment: item.comment, markup: item.markup, attributes: item.attributes });
}
