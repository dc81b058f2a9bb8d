import { childElements, localName, type XmlElement } from "./safe-xml.ts";
import type { FormatMeta, ParsedFile, ParseOptions } from "./types.ts";
import { readNotes, readUnitNotesAndMeta } from "./xliff-notes.ts";
import {
  childByLocalName,
  collectUnits,
  contentValue,
  elementXml,
  findUnits,
  type ReadUnit,
  XliffCollector,
} from "./xliff-shared.ts";
import { type RawDocument, styleMeta } from "./xliff-style.ts";

/** `original` of the files `ng extract-i18n --format xlf2` writes. */
export const ANGULAR_ORIGINAL_2 = "ng.template";

/**
 * Reads the entries of an XLIFF 2.x document (its root element; `raw`, its text where known); see
 * xliff2.ts for what is kept.
 */
export function readXliff2(root: XmlElement, options: ParseOptions, raw?: RawDocument): ParsedFile {
  const collector = new XliffCollector();
  const sourceLanguage = root.attributes.srcLang || options.sourceLanguage;
  const targetLanguage = root.attributes.trgLang || options.language;
  collector.checkLanguage("source", root.attributes.srcLang, options.sourceLanguage);
  collector.checkLanguage("target", root.attributes.trgLang, options.language);
  collector.touch(sourceLanguage);
  collector.touch(targetLanguage);
  const files = childElements(root).filter((element) => localName(element.name) === "file");
  const units: ReadUnit[] = [];
  let hasTarget = false;
  const sourceFile = !root.attributes.trgLang;
  const fileEntries = files.map((file, index) => {
    for (const { unit, groups } of findUnits(file, "unit")) {
      units.push(readUnit(unit, { groups, file: files.length > 1 ? index : undefined, sourceFile, raw }));
      hasTarget ||= childElements(unit).some((part) => childByLocalName(part, "target") !== undefined);
    }
    const kept: FormatMeta = { attributes: { ...file.attributes } };
    const elements = childElements(file)
      .filter((child) => !["unit", "group"].includes(localName(child.name)))
      .map((child) => elementXml(child, raw));
    if (elements.length > 0) kept.elements = elements;
    return kept;
  });
  const angular = files.some((file) => file.attributes.original === ANGULAR_ORIGINAL_2);
  collectUnits(collector, units, angular, sourceLanguage, targetLanguage, "unit");
  const fileMeta: FormatMeta = { version: "2.0", root: { ...root.attributes }, files: fileEntries };
  const sourceOnly = units.length > 0 && !hasTarget && sourceFile;
  if (sourceOnly) fileMeta.sourceOnly = true;
  const xml = raw && styleMeta(raw.style);
  if (xml) fileMeta.xml = xml;
  // A source file is the source language's file, whichever language it was imported as.
  collector.setFileMeta(sourceOnly ? sourceLanguage : targetLanguage, fileMeta);
  return collector.result();
}

/** The size restriction module's attribute (any prefix): a maximum length in code points by default. */
const isSizeRestriction = (name: string) => localName(name) === "sizeRestriction" && name.includes(":");

function readUnit(
  unit: XmlElement,
  where: {
    groups: Record<string, string>[];
    file: number | undefined;
    /** The document has no target language: a unit without `<target>` is the source's alone. */
    sourceFile: boolean;
    raw: RawDocument | undefined;
  },
): ReadUnit {
  const { raw } = where;
  let source = "";
  let target = "";
  let translated = true;
  let anyTarget = false;
  let state: string | undefined;
  for (const part of childElements(unit)) {
    const kind = localName(part.name);
    if (kind !== "segment" && kind !== "ignorable") continue;
    const partSource = childByLocalName(part, "source");
    const partTarget = childByLocalName(part, "target");
    const sourceText = partSource ? contentValue(partSource.children, raw) : "";
    source += sourceText;
    if (kind === "segment") state ??= part.attributes.state;
    anyTarget ||= partTarget !== undefined;
    if (partTarget) target += contentValue(partTarget.children, raw);
    else if (kind === "ignorable") target += sourceText;
    else translated = false;
  }
  const attributes = unit.attributes;
  const mapped = ["id", "name"];
  const fields: ReadUnit["fields"] = {};
  if (attributes.translate === "no") {
    fields.translatable = false;
    mapped.push("translate");
  }
  const sizeName = Object.keys(attributes).find(isSizeRestriction);
  const size = sizeName === undefined ? undefined : attributes[sizeName];
  if (sizeName !== undefined && size !== undefined && /^\d{1,9}$/.test(size)) {
    fields.maxLength = Number(size);
    mapped.push(sizeName);
  }
  const notesElement = childByLocalName(unit, "notes");
  const notes = readNotes(
    notesElement ? childElements(notesElement).filter((child) => localName(child.name) === "note") : [],
    "category",
  );
  const elements = childElements(unit)
    .filter((child) => !["segment", "ignorable", "notes"].includes(localName(child.name)))
    .map((child) => elementXml(child, raw));
  const parts: FormatMeta = elements.length > 0 ? { elements } : {};
  if (where.sourceFile && !anyTarget) parts.noTarget = true;
  readUnitNotesAndMeta({
    fields,
    attributes,
    mapped,
    notes,
    version: "2.0",
    parts,
    groups: where.groups,
    file: where.file,
  });

  const identity = { name: attributes.name, id: attributes.id, source };
  // An empty target of a segment still in its initial state is no translation; otherwise "" is a value.
  if (!translated || (state === "initial" && target === "")) return { identity, fields };
  return { identity, fields, target: { value: target, state } };
}
