import { FORMAT_INFO } from "./format-info.ts";
import { childElements, localName, textContent, type XmlElement } from "./safe-xml.ts";
import { FormatError, type FormatMeta, type MetaValue, type ParsedFile, type ParseOptions } from "./types.ts";
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

const NAME = FORMAT_INFO.xliff.label;
/** `original` of the files `ng extract-i18n` writes. */
export const ANGULAR_ORIGINAL_1 = "ng2.template";

/**
 * Reads the entries of an XLIFF 1.x document (its root element; `raw`, its text where known); see
 * xliff1.ts for what is kept.
 */
export function readXliff1(root: XmlElement, options: ParseOptions, raw?: RawDocument): ParsedFile {
  const collector = new XliffCollector();
  const files = childElements(root).filter((element) => localName(element.name) === "file");
  if (files.length === 0) throw new FormatError(`${NAME}: the file has no <file> element`);
  const first = files[0]?.attributes ?? {};
  const sourceLanguage = first["source-language"] || options.sourceLanguage;
  const targetLanguage = first["target-language"] || options.language;
  collector.checkLanguage("source", first["source-language"], options.sourceLanguage);
  collector.checkLanguage("target", first["target-language"], options.language);
  collector.touch(sourceLanguage);
  collector.touch(targetLanguage);
  const units: ReadUnit[] = [];
  let hasTarget = false;
  const fileEntries = files.map((file, index) => {
    const sourceFile = !file.attributes["target-language"];
    for (const { unit, groups } of findUnits(file, "trans-unit")) {
      const read = readUnit(unit, { groups, file: files.length > 1 ? index : undefined, sourceFile, raw });
      hasTarget ||= childByLocalName(unit, "target") !== undefined;
      units.push(read);
    }
    const kept: FormatMeta = { attributes: { ...file.attributes } };
    const elements = childElements(file)
      .filter((child) => localName(child.name) !== "body")
      .map((child) => elementXml(child, raw));
    if (elements.length > 0) kept.elements = elements;
    return kept;
  });
  const angular = files.some((file) => file.attributes.original === ANGULAR_ORIGINAL_1);
  collectUnits(collector, units, angular, sourceLanguage, targetLanguage, "trans-unit");
  const fileMeta: FormatMeta = { version: "1.2", root: { ...root.attributes }, files: fileEntries };
  const sourceOnly = units.length > 0 && !hasTarget && !first["target-language"];
  if (sourceOnly) fileMeta.sourceOnly = true;
  const xml = raw && styleMeta(raw.style);
  if (xml) fileMeta.xml = xml;
  // A source file is the source language's file, whichever language it was imported as.
  collector.setFileMeta(sourceOnly ? sourceLanguage : targetLanguage, fileMeta);
  return collector.result();
}

/** Unit attributes that map onto entry fields or the key. */
const MAPPED = ["id", "resname"];

function readUnit(
  unit: XmlElement,
  where: {
    groups: Record<string, string>[];
    file: number | undefined;
    /** The unit's file has no target language: a unit without `<target>` is the source's alone. */
    sourceFile: boolean;
    raw: RawDocument | undefined;
  },
): ReadUnit {
  const { raw } = where;
  const sourceElement = childByLocalName(unit, "source");
  const targetElement = childByLocalName(unit, "target");
  const source = sourceElement ? contentValue(sourceElement.children, raw) : "";
  const attributes = unit.attributes;
  const mapped = [...MAPPED];
  const fields: ReadUnit["fields"] = {};
  if (attributes.translate === "no") {
    fields.translatable = false;
    mapped.push("translate");
  }
  const width = attributes.maxwidth;
  if (attributes["size-unit"] === "char" && width !== undefined && /^\d{1,9}$/.test(width)) {
    fields.maxLength = Number(width);
    mapped.push("maxwidth", "size-unit");
  }
  const notes = readNotes(
    childElements(unit).filter((child) => localName(child.name) === "note"),
    "from",
  );
  const contextGroups: MetaValue[] = [];
  const elements: string[] = [];
  for (const child of childElements(unit)) {
    const name = localName(child.name);
    if (name === "context-group") contextGroups.push(readContextGroup(child));
    else if (name !== "source" && name !== "target" && name !== "note") elements.push(elementXml(child, raw));
  }
  const parts: FormatMeta = {};
  if (contextGroups.length > 0) parts.contextGroups = contextGroups;
  if (elements.length > 0) parts.elements = elements;
  if (where.sourceFile && !targetElement) parts.noTarget = true;
  readUnitNotesAndMeta({
    fields,
    attributes,
    mapped,
    notes,
    version: "1.2",
    parts,
    groups: where.groups,
    file: where.file,
  });

  const identity = { name: attributes.resname, id: attributes.id, source };
  if (!targetElement) return { identity, fields };
  const value = contentValue(targetElement.children, raw);
  const state = targetElement.attributes.state;
  // An empty target waiting for a translation is no translation; an empty one otherwise is "".
  if (state === "needs-translation" && value === "") return { identity, fields };
  return { identity, fields, target: { value, state } };
}

function readContextGroup(group: XmlElement): MetaValue {
  return {
    attributes: { ...group.attributes },
    contexts: childElements(group)
      .filter((child) => localName(child.name) === "context")
      .map((context) => ({ attributes: { ...context.attributes }, text: textContent(context) })),
  };
}
