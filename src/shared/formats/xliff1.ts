import { FORMAT_INFO } from "./format-info.ts";
import { entryToValue } from "./plurals.ts";
import {
  childElements,
  escapeXmlAttribute,
  escapeXmlText,
  firstChild,
  localName,
  markupContent,
  parseXml,
  textContent,
  writeMarkup,
  type XmlElement,
} from "./safe-xml.ts";
import {
  type FormatDefinition,
  FormatError,
  MAX_NESTING_DEPTH,
  type ParsedFile,
  type ParseOptions,
  type TranslationEntry,
} from "./types.ts";
import { readXliff2 } from "./xliff2.ts";

const NAME = FORMAT_INFO.xliff.label;

/**
 * XLIFF 1.2 (`<xliff version="1.2">`, `<file source-language target-language>`, `<trans-unit>`).
 *
 * Reading (also what the "xliff2" id does for a 1.x file, and vice versa: both read both versions,
 * since they share the .xlf/.xliff extensions):
 * - The key is the unit's `resname`, else its `id`; a purely numeric id (Symfony numbers its units
 *   1, 2, 3… and keys messages by their source text) gives way to the source text, as in Symfony.
 * - `<source>` → the file's `source-language` (else `options.sourceLanguage`); `<target>` → its
 *   `target-language` (else `options.language`). A target marked `state="needs-translation"` or
 *   empty is not a translation. A language that differs from the one chosen is said in a warning.
 * - `<note>`s → `comment` (one per line). Inline elements (`<g>`, `<x/>`, `<ph>`, `<mrk>`…) stay in
 *   the value as their XML text: `Hello <g id="1">world</g>`. `translate="no"` units are skipped
 *   with a warning.
 *
 * Writing: one `{lang}.xlf` per language other than the source (just the source's when it is the
 * only language), with source text from `languages[sourceLanguage]` and target; a key that is a
 * plain token is the unit id, any other key goes into `resname` with a numeric id. Untranslated
 * units get `<target state="needs-translation"/>`. XLIFF inline tags in a value are written as
 * elements, everything else is escaped text; plural entries are written as ICU plural messages.
 */
export const xliff1Format: FormatDefinition = xliffFormat("xliff", writeXliff1);

/** Writes one language's XLIFF document, with the source language's entries beside it. */
type XliffWriter = (
  language: string,
  sourceLanguage: string,
  sourceEntries: readonly TranslationEntry[],
  targetEntries: readonly TranslationEntry[],
) => string;

/** An XLIFF version's format: both read either version; they differ in what they write. */
export function xliffFormat(id: "xliff" | "xliff2", write: XliffWriter): FormatDefinition {
  return {
    id,
    label: FORMAT_INFO[id].label,
    extensions: FORMAT_INFO[id].extensions,
    async parse(bytes, options) {
      return parseXliff(bytes, options);
    },
    async serialize(languages, options) {
      return exportLanguages(languages, options.sourceLanguage).map((language) => ({
        path: `${language}.xlf`,
        bytes: new TextEncoder().encode(
          write(
            language,
            options.sourceLanguage,
            languages[options.sourceLanguage] ?? [],
            languages[language] ?? [],
          ),
        ),
      }));
    },
  };
}

/** The languages an XLIFF or PO export writes a file for: every one but the source, or the source alone. */
export function exportLanguages(languages: Record<string, TranslationEntry[]>, source: string): string[] {
  const targets = Object.keys(languages).filter((code) => code !== source);
  return targets.length > 0 ? targets : Object.keys(languages);
}

/** Reads an XLIFF document of either version. */
export function parseXliff(bytes: Uint8Array, options: ParseOptions): ParsedFile {
  const root = parseXml(bytes, "XLIFF");
  if (localName(root.name) !== "xliff") {
    throw new FormatError(`XLIFF: not an XLIFF file (the root element is <${root.name}>, not <xliff>)`);
  }
  const version = root.attributes.version ?? "";
  const namespace = root.attributes.xmlns ?? "";
  if (version.startsWith("2") || namespace.includes("xliff:document:2")) return readXliff2(root, options);
  if (version !== "" && !version.startsWith("1")) {
    throw new FormatError(`XLIFF: version ${version} is not supported (1.2 and 2.0 are)`);
  }
  return readXliff1(root, options);
}

/** Collects entries per language, the later of two for one key winning, and the warnings. */
export class XliffCollector {
  private readonly byLanguage = new Map<string, Map<string, TranslationEntry>>();
  readonly warnings: string[] = [];
  untranslatable = 0;

  /** Lists a language even when none of its strings end up translated. */
  touch(language: string) {
    if (!this.byLanguage.has(language)) this.byLanguage.set(language, new Map());
  }

  add(language: string, entry: TranslationEntry) {
    const entries = this.byLanguage.get(language) ?? new Map<string, TranslationEntry>();
    entries.delete(entry.key);
    entries.set(entry.key, entry);
    this.byLanguage.set(language, entries);
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
    if (this.untranslatable > 0) {
      this.warnings.push(
        `Skipped ${this.untranslatable} unit${this.untranslatable === 1 ? "" : "s"} marked translate="no" (not meant to be translated)`,
      );
    }
    const languages: Record<string, TranslationEntry[]> = {};
    for (const [language, entries] of this.byLanguage) languages[language] = [...entries.values()];
    return { languages, warnings: this.warnings };
  }
}

/** The key of a unit: its name (`resname`/`name`), else a non-numeric id, else the source text. */
export function unitKey(name: string | undefined, id: string | undefined, source: string): string {
  if (name) return name;
  if (id && !/^\d+$/.test(id)) return id;
  return source || id || "";
}

/** The notes of a unit as one comment. */
export function notesText(notes: readonly XmlElement[]): string | undefined {
  const text = notes
    .map((note) => textContent(note).trim())
    .filter((note) => note !== "")
    .join("\n");
  return text === "" ? undefined : text;
}

/** Units inside `<body>`/`<file>` and nested `<group>`s, in document order. */
export function collectUnits(
  container: XmlElement,
  unitName: string,
  out: XmlElement[] = [],
  depth = 0,
): XmlElement[] {
  if (depth > MAX_NESTING_DEPTH) return out;
  for (const child of childElements(container)) {
    const name = localName(child.name);
    if (name === unitName) out.push(child);
    else if (name === "group" || name === "body") collectUnits(child, unitName, out, depth + 1);
  }
  return out;
}

function readXliff1(root: XmlElement, options: ParseOptions): ParsedFile {
  const collector = new XliffCollector();
  const files = childElements(root).filter((element) => localName(element.name) === "file");
  if (files.length === 0) throw new FormatError(`${NAME}: the file has no <file> element`);
  for (const file of files) {
    const sourceLanguage = file.attributes["source-language"] || options.sourceLanguage;
    const targetLanguage = file.attributes["target-language"] || options.language;
    collector.checkLanguage("source", file.attributes["source-language"], options.sourceLanguage);
    collector.checkLanguage("target", file.attributes["target-language"], options.language);
    collector.touch(sourceLanguage);
    collector.touch(targetLanguage);
    for (const unit of collectUnits(file, "trans-unit")) {
      if (unit.attributes.translate === "no") {
        collector.untranslatable++;
        continue;
      }
      const sourceElement = childByLocalName(unit, "source");
      const targetElement = childByLocalName(unit, "target");
      const source = sourceElement ? markupContent(sourceElement.children) : "";
      const key = unitKey(unit.attributes.resname, unit.attributes.id, source);
      if (key === "") {
        collector.warnings.push("Skipped a <trans-unit> without id, resname or source text");
        continue;
      }
      const comment = notesText(childElements(unit).filter((element) => localName(element.name) === "note"));
      const withComment = (entry: TranslationEntry): TranslationEntry =>
        comment ? { ...entry, comment } : entry;
      if (source !== "") collector.add(sourceLanguage, withComment({ key, value: source }));
      if (!targetElement || targetElement.attributes.state === "needs-translation") continue;
      const target = markupContent(targetElement.children);
      if (target !== "") collector.add(targetLanguage, withComment({ key, value: target }));
    }
  }
  return collector.result();
}

export function childByLocalName(element: XmlElement, name: string): XmlElement | undefined {
  return firstChild(element, name) ?? childElements(element).find((child) => localName(child.name) === name);
}

/** Unit ids: a key that is a plain token is its own id; others get a number (and go into a name attribute). */
export function unitIds(keys: readonly string[]): Map<string, string | undefined> {
  const ids = new Map<string, string | undefined>();
  let next = 1;
  for (const key of keys) {
    if (/^[A-Za-z0-9_.:-]{1,200}$/.test(key) && !/^\d+$/.test(key)) ids.set(key, undefined);
    else ids.set(key, String(next++));
  }
  return ids;
}

const XLIFF1_INLINE = new Set(["g", "x", "bx", "ex", "bpt", "ept", "ph", "it", "mrk", "sub"]);

/** A value as XLIFF content: its XLIFF inline tags as elements, the rest escaped. */
export function xliffContent(value: string, inline: ReadonlySet<string>): string {
  return writeMarkup(value, (tag) => inline.has(tag))?.xml ?? escapeXmlText(value);
}

function writeXliff1(
  language: string,
  sourceLanguage: string,
  sourceEntries: readonly TranslationEntry[],
  targetEntries: readonly TranslationEntry[],
): string {
  const source = new Map(sourceEntries.map((entry) => [entry.key, entry]));
  const target = new Map(targetEntries.map((entry) => [entry.key, entry]));
  const keys = [...new Set([...source.keys(), ...target.keys()])];
  const ids = unitIds(keys);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file source-language="${escapeXmlAttribute(sourceLanguage)}" target-language="${escapeXmlAttribute(language)}" datatype="plaintext" original="Sprog">`,
    "    <body>",
  ];
  for (const key of keys) {
    const id = ids.get(key);
    const sourceEntry = source.get(key);
    const targetEntry = target.get(key);
    const name =
      id === undefined
        ? `id="${escapeXmlAttribute(key)}"`
        : `id="${id}" resname="${escapeXmlAttribute(key)}"`;
    lines.push(`      <trans-unit ${name}>`);
    lines.push(
      `        <source>${sourceEntry ? xliffContent(entryToValue(sourceEntry), XLIFF1_INLINE) : ""}</source>`,
    );
    const translation = targetEntry ? entryToValue(targetEntry) : "";
    lines.push(
      translation === ""
        ? '        <target state="needs-translation"/>'
        : `        <target>${xliffContent(translation, XLIFF1_INLINE)}</target>`,
    );
    const comment = targetEntry?.comment ?? sourceEntry?.comment;
    if (comment) lines.push(`        <note>${escapeXmlText(comment)}</note>`);
    lines.push("      </trans-unit>");
  }
  lines.push("    </body>", "  </file>", "</xliff>", "");
  return lines.join("\n");
}
