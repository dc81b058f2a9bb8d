import { entryToValue } from "./plurals.ts";
import { escapeXmlAttribute, escapeXmlText, writeMarkup } from "./safe-xml.ts";
import type { FormatMeta, TranslationEntry } from "./types.ts";
import { type Attributes, assignKeys, metaAttributes, NUMERIC } from "./xliff-shared.ts";
import { DEFAULT_STYLE, inFileOrder, type XmlStyle } from "./xliff-style.ts";

// What both XLIFF writers share: ids and names for keys, groups, escaping, the order of keys.

/** ` name="value"…` with values escaped (`escapes`: see `XmlStyle.attributeEscapes`). */
export function attributeText(
  attributes: Attributes,
  escapes: string = DEFAULT_STYLE.attributeEscapes,
): string {
  return Object.entries(attributes)
    .map(([name, value]) => {
      let escaped = escapeXmlAttribute(value);
      if (!escapes.includes(">")) escaped = escaped.replace(/&gt;/g, ">");
      if (escapes.includes("'")) escaped = escaped.replace(/'/g, "&apos;");
      return ` ${name}="${escaped}"`;
    })
    .join("");
}

/**
 * Text content: escaped (`escapes`: see `XmlStyle.textEscapes`), with carriage returns as
 * references (a parser turns a raw one into \n). `]]>` always has its `>` escaped.
 */
export function xmlText(value: string, escapes: string = DEFAULT_STYLE.textEscapes): string {
  let escaped = escapeXmlText(value);
  if (!escapes.includes(">")) escaped = escaped.replace(/(?<!\]\])&gt;/g, ">");
  if (escapes.includes("'")) escaped = escaped.replace(/'/g, "&apos;");
  if (escapes.includes('"')) escaped = escaped.replace(/"/g, "&quot;");
  return escaped.replace(/\r/g, "&#13;");
}

/** A value as XLIFF content: its XLIFF inline tags as elements (as the value writes them), the rest escaped. */
export function xliffContent(
  value: string,
  inline: ReadonlySet<string>,
  escapes: string = DEFAULT_STYLE.textEscapes,
): string {
  const text = (part: string) => xmlText(part, escapes);
  return writeMarkup(value, (tag) => inline.has(tag), text)?.xml ?? text(value);
}

/** Lines of a document in the file's style: its indentation, escaping, attribute order, declaration and end. */
export class XmlLines {
  private readonly lines: string[] = [];

  constructor(readonly style: XmlStyle) {}

  /** One line at `depth` levels of indentation. */
  line(depth: number, text: string) {
    this.lines.push(`${this.style.indent.repeat(depth)}${text}`);
  }

  /** The attributes of an `element`, in the order the file writes them. */
  attributes(element: string, attributes: Attributes): string {
    return attributeText(
      inFileOrder(attributes, this.style.attributeOrder[element]),
      this.style.attributeEscapes,
    );
  }

  text(value: string): string {
    return xmlText(value, this.style.textEscapes);
  }

  content(value: string, inline: ReadonlySet<string>): string {
    return xliffContent(value, inline, this.style.textEscapes);
  }

  document(): string {
    return `${this.style.prolog}${this.lines.join("\n")}${this.style.end}`;
  }
}

/** A unit as the writer plans it: the id it gets and whether it needs its key as a name. */
export interface PlannedUnit {
  key: string;
  id: string;
  source: string;
  named: boolean;
}

const TOKEN = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * Ids and names for the keys of one file, so that reading the file gives the same keys: a unit
 * keeps the id it was read with; a new key that is a plain token is its own id; anything else
 * gets a free number and its key as `resname`/`name`. A unit read with a name (`named`) keeps it; one
 * read without gets one only when the key rule would not give its key back (checked by running the
 * rule, until it does).
 */
export function planUnits(
  units: readonly { key: string; source: string; id?: string | undefined; named?: boolean }[],
  angular: boolean,
): PlannedUnit[] {
  const used = new Set<string>();
  // The first unit to claim an id keeps it; a later one with the same id gets a new one.
  const wanted = units.map((unit) => {
    if (!unit.id || used.has(unit.id)) return undefined;
    used.add(unit.id);
    return unit.id;
  });
  let next = 1;
  const planned = units.map((unit, index): PlannedUnit => {
    let id = wanted[index];
    const read = id !== undefined;
    if (id === undefined && TOKEN.test(unit.key) && !NUMERIC.test(unit.key) && !used.has(unit.key))
      id = unit.key;
    if (id === undefined) {
      while (used.has(String(next))) next++;
      id = String(next++);
    }
    used.add(id);
    const named = unit.key !== id && (!read || unit.named === true || unit.key !== unit.source);
    return { key: unit.key, id, source: unit.source, named };
  });
  for (let round = 0; round < planned.length; round++) {
    const keys = assignKeys(
      planned.map((unit) => ({ name: unit.named ? unit.key : undefined, id: unit.id, source: unit.source })),
      angular,
    );
    let changed = false;
    planned.forEach((unit, index) => {
      if (keys[index] !== unit.key && !unit.named) {
        unit.named = true;
        changed = true;
      }
    });
    if (!changed) break;
  }
  return planned;
}

/** Opens and closes `<group>`s so that each unit sits in the groups it was read from. */
export class GroupWriter {
  private open: string[] = [];

  constructor(
    private readonly out: XmlLines,
    private readonly depth: number,
  ) {}

  enter(groups: readonly Attributes[]) {
    const wanted = groups.map((attributes) => this.out.attributes("group", attributes));
    let common = 0;
    while (common < this.open.length && common < wanted.length && this.open[common] === wanted[common])
      common++;
    this.closeTo(common);
    for (const attributes of wanted.slice(common)) {
      this.out.line(this.inner, `<group${attributes}>`);
      this.open.push(attributes);
    }
  }

  /** The depth inside the innermost open group. */
  get inner(): number {
    return this.depth + this.open.length;
  }

  closeTo(depth = 0) {
    while (this.open.length > depth) {
      this.open.pop();
      this.out.line(this.inner, "</group>");
    }
  }
}

/** Group attributes kept in a unit's meta. */
export function metaGroups(meta: FormatMeta): Attributes[] {
  return Array.isArray(meta.groups) ? meta.groups.map((group) => metaAttributes(group)) : [];
}

/** One key of an output file: its source text, its target entry and its key-level fields. */
export interface KeyRow {
  key: string;
  /** The source text (`""` when the source language has no such key). */
  source: string;
  target: TranslationEntry | undefined;
  /** Key-level fields, from the target entry, else the source entry. */
  fields: Pick<TranslationEntry, "comment" | "context" | "translatable" | "maxLength" | "meta">;
}

/** The keys of one output file in order: the source's, then keys only the target has. */
export function orderedKeys(
  sourceEntries: readonly TranslationEntry[],
  targetEntries: readonly TranslationEntry[],
): KeyRow[] {
  const source = new Map(sourceEntries.map((entry) => [entry.key, entry]));
  const target = new Map(targetEntries.map((entry) => [entry.key, entry]));
  return [...new Set([...source.keys(), ...target.keys()])].map((key) => {
    const sourceEntry = source.get(key);
    const targetEntry = target.get(key);
    return {
      key,
      source: sourceEntry ? entryToValue(sourceEntry) : "",
      target: targetEntry,
      fields: {
        comment: targetEntry?.comment ?? sourceEntry?.comment,
        context: targetEntry?.context ?? sourceEntry?.context,
        translatable: targetEntry?.translatable ?? sourceEntry?.translatable,
        maxLength: targetEntry?.maxLength ?? sourceEntry?.maxLength,
        meta: targetEntry?.meta ?? sourceEntry?.meta,
      },
    };
  });
}

/**
 * Whether a unit gets a `<target>`: always in a translation's file; in the source language's own
 * file only where the file it came from had one (none at all: `sourceOnly`; none for this unit:
 * `meta.noTarget`, kept per unit so that it holds without the file's metadata too).
 */
export function writesTarget(
  language: string,
  sourceLanguage: string,
  sourceOnly: boolean,
  meta: FormatMeta,
): boolean {
  return language !== sourceLanguage || (!sourceOnly && meta.noTarget !== true);
}
