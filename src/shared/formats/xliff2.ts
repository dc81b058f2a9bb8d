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
import {
  attributeText,
  GroupWriter,
  type KeyRow,
  metaGroups,
  orderedKeys,
  planUnits,
  xliffContent,
  xmlText,
} from "./xliff-write.ts";
import { ANGULAR_ORIGINAL_2 } from "./xliff2-read.ts";

/**
 * XLIFF 2.0 (`<xliff version="2.0" srcLang trgLang>`, `<file>`, `<unit id name>`, `<segment>`).
 * A 1.x document given to this id is read as XLIFF 1.2 (see xliff1.ts); the key rule and the
 * shape of `meta`/`fileMeta` are in xliff-shared.ts.
 *
 * Reading keeps, so that writing gives the file back:
 * - the key: the unit's `name`, else its `id` (short numeric ids give way to the source text as
 *   for 1.2; Angular's hash ids stay); the id in `meta.id`, written back.
 * - the unit's `<segment>`s and `<ignorable>`s joined in order; `<source>` → `srcLang` (else
 *   `options.sourceLanguage`), `<target>` → `trgLang` (else `options.language`), the first
 *   segment's `state` → `entry.state`. A segment without target, or an empty target in state
 *   `initial`, is no translation; any other empty target is `""`.
 * - `<note category="description">` (else the first note without category) → `comment`,
 *   `category="meaning"` → `context`, other notes (Angular's `category="location"`), other
 *   attributes and child elements (`<originalData>`…) and enclosing groups → `meta`;
 *   `translate="no"` → `translatable: false`; `slr:sizeRestriction` → `maxLength`; the `<xliff>`
 *   and `<file>` attributes and the file's own `<notes>` → `fileMeta`. Inline elements (`<ph/>`,
 *   `<pc>`, `<sc/>`, `<ec/>`, `<mrk>`…) stay in the value as their XML text.
 * Not kept: how a unit was split into segments (written back as one), segment attributes but the
 * first `state`, comments.
 *
 * Writing: one `{lang}.xlf` per language other than the source (the source's alone when it is the
 * only language: with targets, unless the file it came from had none), units in the order given,
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
  const sourceOnly = language === sourceLanguage && kept.sourceOnly === true;
  const files = metaObjects(kept.files);
  const fileAttributes = files.map((file) => metaAttributes(file.attributes));
  if (fileAttributes.length === 0) fileAttributes.push({ id: "f1" });
  const angular = fileAttributes.some((attributes) => attributes.original === ANGULAR_ORIGINAL_2);

  const rows = orderedKeys(sourceEntries, targetEntries).map((row) => ({
    ...row,
    meta: versionMeta(row.fields.meta, "2.0"),
    id: metaString(row.fields.meta?.id),
  }));
  const planned = planUnits(
    rows.map((row) => ({ key: row.key, source: row.source, id: row.id })),
    angular,
  );

  const storedRoot = metaAttributes(kept.root);
  const root: Attributes = { xmlns: "urn:oasis:names:tc:xliff:document:2.0", version: "2.0", ...storedRoot };
  root.version = "2.0";
  root.srcLang = sourceLanguage;
  if (!sourceOnly && (language !== sourceLanguage || !fileMeta || "trgLang" in storedRoot))
    root.trgLang = language;
  else delete root.trgLang;
  const slr = Object.entries(root).find(
    ([name, value]) => name.startsWith("xmlns:") && value === SIZE_NAMESPACE,
  );
  if (!slr && rows.some((row) => row.fields.maxLength !== undefined)) root["xmlns:slr"] = SIZE_NAMESPACE;
  const sizeAttribute = `${slr ? localName(slr[0]) : "slr"}:sizeRestriction`;

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<xliff${attributeText(root)}>`];
  fileAttributes.forEach((attributes, fileIndex) => {
    lines.push(`  <file${attributeText(attributes)}>`);
    for (const element of metaStrings(files[fileIndex]?.elements)) lines.push(`    ${element}`);
    const groups = new GroupWriter(lines, "    ");
    rows.forEach((row, index) => {
      const file =
        typeof row.meta.file === "number" && row.meta.file < fileAttributes.length ? row.meta.file : 0;
      const unit = planned[index];
      if (file !== fileIndex || !unit) return;
      groups.enter(metaGroups(row.meta));
      writeUnit(lines, groups.inner, { id: unit.id, named: unit.named, sizeAttribute, sourceOnly }, row);
    });
    groups.closeTo(0);
    lines.push("  </file>");
  });
  lines.push("</xliff>", "");
  return lines.join("\n");
}

function writeUnit(
  lines: string[],
  indent: string,
  how: { id: string; named: boolean; sizeAttribute: string; sourceOnly: boolean },
  row: KeyRow & { meta: FormatMeta },
) {
  const { fields, meta } = row;
  const attributes: Attributes = { id: how.id };
  if (how.named) attributes.name = row.key;
  Object.assign(attributes, metaAttributes(meta.attributes));
  if (fields.translatable === false) attributes.translate = "no";
  if (fields.maxLength !== undefined) attributes[how.sizeAttribute] = String(fields.maxLength);
  const inner = `${indent}  `;
  lines.push(`${indent}<unit${attributeText(attributes)}>`);
  const elements = metaStrings(meta.elements);
  // The schema's order: extensions, notes, original data, segments.
  const isOriginalData = (element: string) => /^<(?:[\w.-]+:)?originalData[\s>/]/.test(element);
  for (const element of elements.filter((element) => !isOriginalData(element)))
    lines.push(`${inner}${element}`);
  const notes = notesToWrite(meta.notes, fields.comment, fields.context, "category");
  if (notes.length > 0) {
    lines.push(`${inner}<notes>`);
    for (const note of notes) {
      lines.push(`${inner}  <note${attributeText(note.attributes)}>${xmlText(note.text)}</note>`);
    }
    lines.push(`${inner}</notes>`);
  }
  for (const element of elements.filter(isOriginalData)) lines.push(`${inner}${element}`);
  const state = row.target?.state;
  const segment =
    row.target === undefined
      ? how.sourceOnly
        ? ""
        : ' state="initial"'
      : state !== undefined && STATES.has(state)
        ? attributeText({ state })
        : "";
  lines.push(`${inner}<segment${segment}>`);
  lines.push(`${inner}  <source>${xliffContent(row.source, INLINE)}</source>`);
  if (row.target !== undefined && !how.sourceOnly) {
    lines.push(`${inner}  <target>${xliffContent(entryToValue(row.target), INLINE)}</target>`);
  }
  lines.push(`${inner}</segment>`, `${indent}</unit>`);
}
