import { textContent, type XmlElement } from "./safe-xml.ts";
import type { FormatMeta, MetaValue } from "./types.ts";
import {
  type Attributes,
  metaAttributes,
  metaObjects,
  metaString,
  type ReadUnit,
  withoutAttributes,
} from "./xliff-shared.ts";

/**
 * Notes of both XLIFF versions. Angular marks its notes `from="description"`/`from="meaning"` (1.2)
 * or `category="description"`/`category="meaning"` (2.0); `role` names that attribute.
 * - The comment is the first description note, else the first note without a role (the plain
 *   `<note>` most tools write); the context is the first meaning note.
 * - Every note goes into `meta.notes` in order (the comment's and context's as `holds`, their text
 *   being in those fields), unless the unit has nothing but one plain note, the comment.
 * Note text is kept as written, spaces included.
 */
export function readNotes(
  notes: readonly XmlElement[],
  role: "from" | "category",
): { comment?: string; context?: string; meta?: MetaValue[] } {
  const texts = notes.map((note) => textContent(note));
  let commentIndex = notes.findIndex((note, i) => note.attributes[role] === "description" && texts[i] !== "");
  if (commentIndex < 0)
    commentIndex = notes.findIndex((note, i) => note.attributes[role] === undefined && texts[i] !== "");
  const contextIndex = notes.findIndex((note, i) => note.attributes[role] === "meaning" && texts[i] !== "");
  const result: { comment?: string; context?: string; meta?: MetaValue[] } = {};
  if (commentIndex >= 0) result.comment = texts[commentIndex];
  if (contextIndex >= 0) result.context = texts[contextIndex];
  const plain =
    notes.length === 1 && commentIndex === 0 && Object.keys(notes[0]?.attributes ?? {}).length === 0;
  if (notes.length === 0 || plain) return result;
  result.meta = notes.map((note, i) => {
    const kept: FormatMeta = {};
    if (Object.keys(note.attributes).length > 0) kept.attributes = { ...note.attributes };
    if (i === commentIndex) kept.holds = "comment";
    else if (i === contextIndex) kept.holds = "context";
    else kept.text = texts[i] ?? "";
    return kept;
  });
  return result;
}

/**
 * The notes to write: the kept ones in their order, the comment and context in the notes that held
 * them, and a new note for a comment or context that had none.
 */
export function notesToWrite(
  kept: MetaValue | undefined,
  comment: string | undefined,
  context: string | undefined,
  role: "from" | "category",
): { attributes: Attributes; text: string }[] {
  const out: { attributes: Attributes; text: string }[] = [];
  let wroteComment = false;
  let wroteContext = false;
  for (const note of metaObjects(kept)) {
    const attributes = metaAttributes(note.attributes);
    if (note.holds === "comment") {
      if (comment && !wroteComment) out.push({ attributes, text: comment });
      wroteComment ||= Boolean(comment);
    } else if (note.holds === "context") {
      if (context && !wroteContext) out.push({ attributes, text: context });
      wroteContext ||= Boolean(context);
    } else {
      const text = metaString(note.text);
      if (text !== undefined) out.push({ attributes, text });
    }
  }
  if (comment && !wroteComment) {
    // A plain note is read as the comment only when it is the first plain one.
    const plainTaken = out.some((note) => note.attributes[role] === undefined);
    out.push({ attributes: plainTaken ? { [role]: "description" } : {}, text: comment });
  }
  if (context && !wroteContext) out.push({ attributes: { [role]: "meaning" }, text: context });
  return out;
}

/**
 * What both versions read from a unit alike: the notes (`readNotes`) as its comment and context,
 * its id, and in `meta` the rest, tagged with the version that wrote it: attributes not `mapped`
 * to a field, the kept notes, the version's own parts (`parts`), enclosing groups and the file.
 */
export function readUnitNotesAndMeta(unit: {
  fields: ReadUnit["fields"];
  attributes: Attributes;
  mapped: readonly string[];
  notes: ReturnType<typeof readNotes>;
  version: "1.2" | "2.0";
  parts: FormatMeta;
  groups: Record<string, string>[];
  file: number | undefined;
}): void {
  const { fields, attributes, notes } = unit;
  if (notes.comment !== undefined) fields.comment = notes.comment;
  if (notes.context !== undefined) fields.context = notes.context;
  const meta: FormatMeta = {};
  if (attributes.id !== undefined) meta.id = attributes.id;
  const specific: FormatMeta = {};
  const other = withoutAttributes(attributes, unit.mapped);
  if (Object.keys(other).length > 0) specific.attributes = other;
  if (notes.meta) specific.notes = notes.meta;
  Object.assign(specific, unit.parts);
  if (unit.groups.length > 0) specific.groups = unit.groups;
  if (unit.file !== undefined) specific.file = unit.file;
  if (Object.keys(specific).length > 0) Object.assign(meta, { version: unit.version }, specific);
  if (Object.keys(meta).length > 0) fields.meta = meta;
}
