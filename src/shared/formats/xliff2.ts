import { entryToValue } from "./plurals.ts";
import {
  childElements,
  escapeXmlAttribute,
  escapeXmlText,
  localName,
  markupContent,
  type XmlElement,
} from "./safe-xml.ts";
import type { FormatDefinition, ParsedFile, ParseOptions, TranslationEntry } from "./types.ts";
import {
  childByLocalName,
  collectUnits,
  notesText,
  unitIds,
  unitKey,
  XliffCollector,
  xliffContent,
  xliffFormat,
} from "./xliff1.ts";

/**
 * XLIFF 2.0 (`<xliff version="2.0" srcLang trgLang>`, `<file>`, `<unit id name>`, `<segment>`).
 *
 * Reading (a 1.x document given to this id is read as XLIFF 1.2, see xliff1.ts):
 * - The key is the unit's `name`, else its `id`; a purely numeric id gives way to the source text
 *   (as for 1.2).
 * - The unit's `<segment>`s and `<ignorable>`s are joined in order; `<source>` → `srcLang` (else
 *   `options.sourceLanguage`), `<target>` → `trgLang` (else `options.language`). A unit with a
 *   segment that has no target, or an empty target, is not translated.
 * - `<notes><note>` → `comment`; inline elements (`<ph/>`, `<pc>`, `<sc/>`, `<ec/>`, `<mrk>`…) stay
 *   as their XML text. `translate="no"` units are skipped with a warning.
 *
 * Writing: one `{lang}.xlf` per language other than the source (just the source's when it is the
 * only language), one unit per key with one segment (`state="translated"`, or `initial` and no
 * target when untranslated); a key that is a plain token is the unit id, any other key goes into
 * `name` with a numeric id.
 */
export const xliff2Format: FormatDefinition = xliffFormat("xliff2", writeXliff2);

/** Reads the entries of an XLIFF 2.0 document (its root element). */
export function readXliff2(root: XmlElement, options: ParseOptions): ParsedFile {
  const collector = new XliffCollector();
  const sourceLanguage = root.attributes.srcLang || options.sourceLanguage;
  const targetLanguage = root.attributes.trgLang || options.language;
  collector.checkLanguage("source", root.attributes.srcLang, options.sourceLanguage);
  collector.checkLanguage("target", root.attributes.trgLang, options.language);
  collector.touch(sourceLanguage);
  collector.touch(targetLanguage);
  for (const file of childElements(root).filter((element) => localName(element.name) === "file")) {
    for (const unit of collectUnits(file, "unit")) {
      if (unit.attributes.translate === "no") {
        collector.untranslatable++;
        continue;
      }
      let source = "";
      let target = "";
      let translated = true;
      for (const part of childElements(unit)) {
        const kind = localName(part.name);
        if (kind !== "segment" && kind !== "ignorable") continue;
        const partSource = childByLocalName(part, "source");
        const partTarget = childByLocalName(part, "target");
        const sourceText = partSource ? markupContent(partSource.children) : "";
        source += sourceText;
        if (partTarget) target += markupContent(partTarget.children);
        else if (kind === "ignorable") target += sourceText;
        else translated = false;
      }
      const key = unitKey(unit.attributes.name, unit.attributes.id, source);
      if (key === "") {
        collector.warnings.push("Skipped a <unit> without id, name or source text");
        continue;
      }
      const notes = childByLocalName(unit, "notes");
      const comment = notes
        ? notesText(childElements(notes).filter((element) => localName(element.name) === "note"))
        : undefined;
      const withComment = (entry: TranslationEntry): TranslationEntry =>
        comment ? { ...entry, comment } : entry;
      if (source !== "") collector.add(sourceLanguage, withComment({ key, value: source }));
      if (translated && target !== "") collector.add(targetLanguage, withComment({ key, value: target }));
    }
  }
  return collector.result();
}

const XLIFF2_INLINE = new Set(["ph", "pc", "sc", "ec", "mrk", "sm", "em", "cp"]);

function writeXliff2(
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
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${escapeXmlAttribute(sourceLanguage)}" trgLang="${escapeXmlAttribute(language)}">`,
    '  <file id="f1">',
  ];
  for (const key of keys) {
    const id = ids.get(key);
    const sourceEntry = source.get(key);
    const targetEntry = target.get(key);
    const name =
      id === undefined ? `id="${escapeXmlAttribute(key)}"` : `id="${id}" name="${escapeXmlAttribute(key)}"`;
    lines.push(`    <unit ${name}>`);
    const comment = targetEntry?.comment ?? sourceEntry?.comment;
    if (comment)
      lines.push("      <notes>", `        <note>${escapeXmlText(comment)}</note>`, "      </notes>");
    const translation = targetEntry ? entryToValue(targetEntry) : "";
    lines.push(`      <segment state="${translation === "" ? "initial" : "translated"}">`);
    lines.push(
      `        <source>${sourceEntry ? xliffContent(entryToValue(sourceEntry), XLIFF2_INLINE) : ""}</source>`,
    );
    if (translation !== "")
      lines.push(`        <target>${xliffContent(translation, XLIFF2_INLINE)}</target>`);
    lines.push("      </segment>", "    </unit>");
  }
  lines.push("  </file>", "</xliff>", "");
  return lines.join("\n");
}
