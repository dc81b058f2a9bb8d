import { childElements, localName, markupContent, type XmlElement, type XmlNode } from "./safe-xml.ts";
import {
  type FormatMeta,
  MAX_NESTING_DEPTH,
  type MetaValue,
  type ParsedFile,
  type TranslationEntry,
} from "./types.ts";
import type { RawDocument } from "./xliff-style.ts";

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

  /**
   * Says so when the file's language is not the one chosen for the import. "Read as", not
   * "imported as": the import may still take a language Sprog lacks as its base language, and says
   * so itself.
   */
  checkLanguage(role: "source" | "target", declared: string | undefined, chosen: string) {
    if (!declared) return;
    const normalize = (code: string) => code.toLowerCase().replace(/_/g, "-");
    if (normalize(declared) === normalize(chosen)) return;
    const message =
      role === "target"
        ? `The file says its translations are in "${declared}" (not ${chosen}), so they were read as ${declared}`
        : `The file says its source language is "${declared}" (the project's is ${chosen}), so its source texts were read as ${declared}`;
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
    const { name, source } = unit.identity;
    // A name that is also the source text is a key the rule gives back without it; the file wrote it,
    // so its export does too.
    const fields =
      name !== undefined && name === source && key === name
        ? { ...unit.fields, meta: { ...unit.fields.meta, named: true } }
        : unit.fields;
    collector.add(sourceLanguage, { key, value: source, ...fields });
    if (unit.target === undefined) return;
    const state = unit.target.state ? { state: unit.target.state } : {};
    collector.add(targetLanguage, { key, value: unit.target.value, ...fields, ...state });
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
