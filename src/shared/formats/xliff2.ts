import { entryToValue } from "./plurals.ts";
import { localName } from "./safe-xml.ts";
import type { FormatDefinition, FormatMeta, TranslationEntry } from "./types.ts";
import { xliffFormat } from "./xliff-format.ts";
import { notesToWrite } from "./xliff-notes.ts";
import {
  type Attributes,
  metaAttributes,
  metaObjects,
  metaString,
  metaStrings,
  versionMeta,
} from "./xliff-shared.ts";
import { styleOf } from "./xliff-style.ts";
import {
  GroupWriter,
  type KeyRow,
  metaGroups,
  orderedKeys,
  planUnits,
  writesTarget,
  XmlLines,
} from "./xliff-write.ts";
import { ANGULAR_ORIGINAL_2 } from "./xliff2-read.ts";

/**
 * XLIFF 2.0 (`<xliff version="2.0" srcLang trgLang>`, `<file>`, `<unit id name>`, `<segment>`).
 * A 1.x document given to this id is read as XLIFF 1.2 (see xliff1.ts); the key rule and the
 * shape of `meta`/`fileMeta` are in xliff-shared.ts.
 *
 * Reading keeps what writing needs to give each unit back as the file wrote it (issue 33):
 * - the key: the unit's `name`, else its `id` (short numeric ids give way to the source text as
 *   for 1.2; Angular's hash ids stay); the id in `meta.id`, written back.
 * - the unit's `<segment>`s and `<ignorable>`s joined in order; `<source>` → `srcLang` (else
 *   `options.sourceLanguage`), `<target>` → `trgLang` (else `options.language`), the first
 *   segment's `state` → `entry.state`. A segment without target, or an empty target in state
 *   `initial`, is no translation; any other empty target is `""`.
 * - inline elements (`<ph/>`, `<pc>`, `<sc/>`, `<ec/>`, `<mrk>`, `<cp/>`…) in the value as the file
 *   wrote their tags, every attribute, quote and space as it was; the text between decoded.
 * - `<note category="description">` (else the first note without category) → `comment`,
 *   `category="meaning"` → `context`; every note with its attributes (`category`, `id`,
 *   `appliesTo`, `priority`…) in order, other attributes and child elements (`<originalData>`…)
 *   and enclosing groups → `meta`; `translate="no"` → `translatable: false`;
 *   `slr:sizeRestriction` → `maxLength`; the `<xliff>` and `<file>` attributes and the file's own
 *   `<notes>` → `fileMeta`, with how the file writes XML (`fileMeta.xml`: declaration, indentation,
 *   escaping, attribute order).
 * - a source file (no `trgLang`, no `<target>`: Angular's `messages.xlf`): its `fileMeta` under the
 *   source language, and units without `<target>` marked `meta.noTarget`.
 * Not kept: the layout where it is not the writer's (one-line units or segments, blank lines,
 * comments), how a unit was split into segments (written back as one), segment attributes but the
 * first `state`, CDATA sections (their text is kept). An export keeps the layout through the
 * uploaded file, its template: unedited, the file comes back byte for byte; edited, only the
 * edited entries' lines change (see src/server/transfer/template-render.ts).
 *
 * Writing: one `{lang}.xlf` per language other than the source (the source's alone when it is the
 * only language: with targets, but none for units whose file had none), units in the order given,
 * one segment each with the entry's `state` (untranslated: `state="initial"` and no target). A new
 * key that is a plain token is its unit id; any other gets a number and goes into `name`.
 */
export const xliff2Format: FormatDefinition = xliffFormat("xliff2", writeXliff2);

const INLINE = new Set(["ph", "pc", "sc", "ec", "mrk", "sm", "em", "cp"]);
const STATES = new Set(["initial", "translated", "reviewed", "final"]);
const SIZE_NAMESPACE = "urn:oasis:names:tc:xliff:sizerestriction:2.0";

function writeXliff2(
  language: string,
  sourceLanguage: string,
  sourceEntries: readonly TranslationEntry[],
  targetEntries: readonly TranslationEntry[],
  fileMeta: FormatMeta | undefined,
): string {
  const kept = versionMeta(fileMeta, "2.0");
  const style = styleOf(kept.xml);
  const sourceOnly = language === sourceLanguage && kept.sourceOnly === true;
  const files = metaObjects(kept.files);
  const fileAttributes = files.map((file) => metaAttributes(file.attributes));
  if (fileAttributes.length === 0) fileAttributes.push({ id: "f1" });
  const angular = fileAttributes.some((attributes) => attributes.original === ANGULAR_ORIGINAL_2);

  const rows = orderedKeys(sourceEntries, targetEntries).map((row) => {
    const meta = versionMeta(row.fields.meta, "2.0");
    return {
      ...row,
      meta,
      id: metaString(row.fields.meta?.id),
      named: row.fields.meta?.named === true,
      withTarget: writesTarget(language, sourceLanguage, sourceOnly, meta),
    };
  });
  const planned = planUnits(
    rows.map((row) => ({ key: row.key, source: row.source, id: row.id, named: row.named })),
    angular,
  );

  // The root's attributes as the file wrote them (their order too); version and languages as written now.
  const storedRoot = metaAttributes(kept.root);
  const root: Attributes =
    Object.keys(storedRoot).length > 0
      ? storedRoot
      : { xmlns: "urn:oasis:names:tc:xliff:document:2.0", version: "2.0" };
  root.version = "2.0";
  root.srcLang = sourceLanguage;
  // The source language's own file names a target language where its file did (without the
  // file's metadata: where it has targets).
  const namesTarget =
    !sourceOnly &&
    (language !== sourceLanguage ||
      (fileMeta ? "trgLang" in storedRoot : rows.some((row) => row.withTarget)));
  if (namesTarget) root.trgLang = language;
  else delete root.trgLang;
  const slr = Object.entries(root).find(
    ([name, value]) => name.startsWith("xmlns:") && value === SIZE_NAMESPACE,
  );
  if (!slr && rows.some((row) => row.fields.maxLength !== undefined)) root["xmlns:slr"] = SIZE_NAMESPACE;
  const sizeAttribute = `${slr ? localName(slr[0]) : "slr"}:sizeRestriction`;

  const out = new XmlLines(style);
  out.line(0, `<xliff${out.attributes("xliff", root)}>`);
  fileAttributes.forEach((attributes, fileIndex) => {
    out.line(1, `<file${out.attributes("file", attributes)}>`);
    for (const element of metaStrings(files[fileIndex]?.elements)) out.line(2, element);
    const groups = new GroupWriter(out, 2);
    rows.forEach((row, index) => {
      const file =
        typeof row.meta.file === "number" && row.meta.file < fileAttributes.length ? row.meta.file : 0;
      const unit = planned[index];
      if (file !== fileIndex || !unit) return;
      groups.enter(metaGroups(row.meta));
      writeUnit(out, groups.inner, { id: unit.id, named: unit.named, sizeAttribute }, row);
    });
    groups.closeTo(0);
    out.line(1, "</file>");
  });
  out.line(0, "</xliff>");
  return out.document();
}

function writeUnit(
  out: XmlLines,
  depth: number,
  how: { id: string; named: boolean; sizeAttribute: string },
  row: KeyRow & { meta: FormatMeta; withTarget: boolean },
) {
  const { fields, meta } = row;
  const attributes: Attributes = { id: how.id };
  if (how.named) attributes.name = row.key;
  Object.assign(attributes, metaAttributes(meta.attributes));
  if (fields.translatable === false) attributes.translate = "no";
  if (fields.maxLength !== undefined) attributes[how.sizeAttribute] = String(fields.maxLength);
  const inner = depth + 1;
  out.line(depth, `<unit${out.attributes("unit", attributes)}>`);
  const elements = metaStrings(meta.elements);
  // The schema's order: extensions, notes, original data, segments.
  const isOriginalData = (element: string) => /^<(?:[\w.-]+:)?originalData[\s>/]/.test(element);
  for (const element of elements.filter((element) => !isOriginalData(element))) out.line(inner, element);
  const notes = notesToWrite(meta.notes, fields.comment, fields.context, "category");
  if (notes.length > 0) {
    out.line(inner, "<notes>");
    for (const note of notes) {
      out.line(inner + 1, `<note${out.attributes("note", note.attributes)}>${out.text(note.text)}</note>`);
    }
    out.line(inner, "</notes>");
  }
  for (const element of elements.filter(isOriginalData)) out.line(inner, element);
  // Untranslated in a translation's file: the segment waits in its initial state.
  const state = row.target?.state;
  let segment = "";
  if (row.withTarget && row.target === undefined) segment = ' state="initial"';
  else if (row.withTarget && state !== undefined && STATES.has(state))
    segment = out.attributes("segment", { state });
  out.line(inner, `<segment${segment}>`);
  out.line(inner + 1, `<source>${out.content(row.source, INLINE)}</source>`);
  if (row.target !== undefined && row.withTarget) {
    out.line(inner + 1, `<target>${out.content(entryToValue(row.target), INLINE)}</target>`);
  }
  out.line(inner, "</segment>");
  out.line(depth, "</unit>");
}
