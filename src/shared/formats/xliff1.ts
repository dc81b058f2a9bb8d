import { entryToValue } from "./plurals.ts";
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
import { ANGULAR_ORIGINAL_1 } from "./xliff1-read.ts";

/**
 * XLIFF 1.2 (`<xliff version="1.2">`, `<file source-language target-language>`, `<trans-unit>`).
 * Both XLIFF ids read both versions (they share .xlf); reading is in xliff1-read.ts and
 * xliff2-read.ts, the key rule and what goes into `meta`/`fileMeta` in xliff-shared.ts.
 *
 * Reading keeps, so that writing gives the file back:
 * - the key: `resname`, else `id`; short numeric ids (Symfony's 1, 2, 3…) give way to the source
 *   text unless that would merge units or make an unusable key; Angular's numeric hash ids stay.
 *   Every unit's id is kept in `meta.id` and written back.
 * - `<source>` → the file's `source-language` (else `options.sourceLanguage`); `<target>` → its
 *   `target-language` (else `options.language`), its `state` → `entry.state`. No `<target>`, or an
 *   empty one marked `needs-translation`, is no translation; any other empty target is `""`.
 * - the description note (`from="description"`, else the first plain `<note>`) → `comment`, the
 *   `from="meaning"` note → `context`, other notes, `<context-group>`s, other child elements and
 *   attributes, enclosing `<group>`s → `meta`; `translate="no"` → `translatable: false`;
 *   `maxwidth` with `size-unit="char"` → `maxLength`; the `<xliff>` and `<file>` attributes and
 *   `<header>` → `fileMeta`. Inline elements (`<g>`, `<x/>`, `<ph>`, `<mrk>`…) stay in the value
 *   as their XML text.
 * Not kept: attributes of `<source>`/`<target>` other than `state`, comments, the order of notes
 * against context groups and other elements (written: source, target, context groups, notes, other
 * elements), and, in a document with several `<file>`s, languages other than the first file's.
 *
 * Writing: one `{lang}.xlf` per language other than the source (the source's alone when it is the
 * only language: with targets, unless the file it came from had none), units in the order given.
 * A new key that is a plain token is its unit id; any other gets a number and goes into `resname`.
 * Untranslated units get `<target state="needs-translation"/>`. XLIFF inline tags in a value are
 * written as elements, everything else is escaped; plurals are written as ICU plural messages.
 */
export const xliff1Format: FormatDefinition = xliffFormat("xliff", writeXliff1);

const INLINE = new Set(["g", "x", "bx", "ex", "bpt", "ept", "ph", "it", "mrk", "sub"]);
const STATES = new Set([
  "final",
  "needs-adaptation",
  "needs-l10n",
  "needs-review-adaptation",
  "needs-review-l10n",
  "needs-review-translation",
  "needs-translation",
  "new",
  "signed-off",
  "translated",
]);
const validState = (state: string | undefined) =>
  state !== undefined && (STATES.has(state) || state.startsWith("x-"));

function writeXliff1(
  language: string,
  sourceLanguage: string,
  sourceEntries: readonly TranslationEntry[],
  targetEntries: readonly TranslationEntry[],
  fileMeta: FormatMeta | undefined,
): string {
  const kept = versionMeta(fileMeta, "1.2");
  const sourceOnly = language === sourceLanguage && kept.sourceOnly === true;
  const files = metaObjects(kept.files);
  const fileAttributes = files.map((file) => metaAttributes(file.attributes));
  if (fileAttributes.length === 0) {
    fileAttributes.push({
      "source-language": "",
      "target-language": "",
      datatype: "plaintext",
      original: "Sprog",
    });
  }
  const angular = fileAttributes.some((attributes) => attributes.original === ANGULAR_ORIGINAL_1);

  const rows = orderedKeys(sourceEntries, targetEntries).map((row) => ({
    ...row,
    meta: versionMeta(row.fields.meta, "1.2"),
    id: metaString(row.fields.meta?.id),
  }));
  const planned = planUnits(
    rows.map((row) => ({ key: row.key, source: row.source, id: row.id })),
    angular,
  );

  const root: Attributes = { version: "1.2", xmlns: "urn:oasis:names:tc:xliff:document:1.2" };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xliff${attributeText({ ...root, ...metaAttributes(kept.root), version: "1.2" })}>`,
  ];
  fileAttributes.forEach((stored, fileIndex) => {
    // Stored attributes keep their order; the languages are the ones written now.
    const merged: Attributes = { ...stored, "source-language": sourceLanguage };
    if (!sourceOnly && (language !== sourceLanguage || !fileMeta || "target-language" in stored)) {
      merged["target-language"] = language;
    } else delete merged["target-language"];
    lines.push(`  <file${attributeText(merged)}>`);
    for (const element of metaStrings(files[fileIndex]?.elements)) lines.push(`    ${element}`);
    lines.push("    <body>");
    const groups = new GroupWriter(lines, "      ");
    rows.forEach((row, index) => {
      const file =
        typeof row.meta.file === "number" && row.meta.file < fileAttributes.length ? row.meta.file : 0;
      const unit = planned[index];
      if (file !== fileIndex || !unit) return;
      groups.enter(metaGroups(row.meta));
      writeUnit(lines, groups.inner, unit.id, unit.named, row, sourceOnly);
    });
    groups.closeTo(0);
    lines.push("    </body>", "  </file>");
  });
  lines.push("</xliff>", "");
  return lines.join("\n");
}

function writeUnit(
  lines: string[],
  indent: string,
  id: string,
  named: boolean,
  row: KeyRow & { meta: FormatMeta },
  sourceOnly: boolean,
) {
  const { fields: entry, meta } = row;
  const attributes: Attributes = { id };
  if (named) attributes.resname = row.key;
  Object.assign(attributes, meta.attributes ? metaAttributes(meta.attributes) : {});
  if (entry.translatable === false) attributes.translate = "no";
  if (entry.maxLength !== undefined) {
    attributes.maxwidth = String(entry.maxLength);
    attributes["size-unit"] = "char";
  }
  const inner = `${indent}  `;
  lines.push(`${indent}<trans-unit${attributeText(attributes)}>`);
  lines.push(`${inner}<source>${xliffContent(row.source, INLINE)}</source>`);
  if (!sourceOnly) {
    if (row.target === undefined) lines.push(`${inner}<target state="needs-translation"/>`);
    else {
      const state = validState(row.target.state) ? attributeText({ state: row.target.state ?? "" }) : "";
      lines.push(`${inner}<target${state}>${xliffContent(entryToValue(row.target), INLINE)}</target>`);
    }
  }
  for (const group of metaObjects(meta.contextGroups)) {
    lines.push(`${inner}<context-group${attributeText(metaAttributes(group.attributes))}>`);
    for (const context of metaObjects(group.contexts)) {
      const text = metaString(context.text) ?? "";
      lines.push(
        `${inner}  <context${attributeText(metaAttributes(context.attributes))}>${xmlText(text)}</context>`,
      );
    }
    lines.push(`${inner}</context-group>`);
  }
  for (const note of notesToWrite(meta.notes, entry.comment, entry.context, "from")) {
    lines.push(`${inner}<note${attributeText(note.attributes)}>${xmlText(note.text)}</note>`);
  }
  for (const element of metaStrings(meta.elements)) lines.push(`${inner}${element}`);
  lines.push(`${indent}</trans-unit>`);
}
