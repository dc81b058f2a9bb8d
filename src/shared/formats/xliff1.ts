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
import { ANGULAR_ORIGINAL_1 } from "./xliff1-read.ts";

/**
 * XLIFF 1.2 (`<xliff version="1.2">`, `<file source-language target-language>`, `<trans-unit>`).
 * Both XLIFF ids read both versions (they share .xlf); reading is in xliff1-read.ts and
 * xliff2-read.ts, the key rule and what goes into `meta`/`fileMeta` in xliff-shared.ts.
 *
 * Reading keeps what writing needs to give each unit back as the file wrote it (issue 33):
 * - the key: `resname`, else `id`; short numeric ids (Symfony's 1, 2, 3…) give way to the source
 *   text unless that would merge units or make an unusable key; Angular's numeric hash ids stay.
 *   Every unit's id is kept in `meta.id` and written back.
 * - `<source>` → the file's `source-language` (else `options.sourceLanguage`); `<target>` → its
 *   `target-language` (else `options.language`), its `state` → `entry.state`. No `<target>`, or an
 *   empty one marked `needs-translation`, is no translation; any other empty target is `""`.
 * - inline elements (`<x/>`, `<g>`, `<bx/>`, `<ex/>`, `<ph>`, `<it>`, `<mrk>`…) in the value as the
 *   file wrote their tags, every attribute, quote and space as it was; the text between decoded.
 * - the description note (`from="description"`, else the first plain `<note>`) → `comment`, the
 *   `from="meaning"` note → `context`, every note with its attributes in order, `<context-group>`s,
 *   other child elements and attributes, enclosing `<group>`s → `meta`; `translate="no"` →
 *   `translatable: false`; `maxwidth` with `size-unit="char"` → `maxLength`; the `<xliff>` and
 *   `<file>` attributes and `<header>` → `fileMeta`, with how the file writes XML (`fileMeta.xml`:
 *   declaration, indentation, escaping, attribute order).
 * - a source file (no `target-language`, units without `<target>`: Angular's `messages.xlf`): its
 *   `fileMeta` under the source language, and units without `<target>` marked `meta.noTarget`.
 * Not kept: the layout where it is not the writer's (one-line units, blank lines, comments, another
 * order of a unit's children: written source, target, context groups, notes, other elements),
 * attributes of `<source>`/`<target>` other than `state`, CDATA sections (their text is kept), and,
 * in a document with several `<file>`s, languages other than the first file's. An export keeps the
 * layout through the uploaded file, its template: unedited, the file comes back byte for byte;
 * edited, only the edited entries' lines change (see src/server/transfer/template-render.ts).
 *
 * Writing: one `{lang}.xlf` per language other than the source (the source's alone when it is the
 * only language: with targets, but none for units whose file had none), units in the order given.
 * A new key that is a plain token is its unit id; any other gets a number and goes into `resname`.
 * Untranslated units get `<target state="needs-translation"/>`. XLIFF inline tags in a value are
 * written as the value writes them, everything else is escaped as the file escaped its text;
 * plurals are written as ICU plural messages.
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
  const style = styleOf(kept.xml);
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

  const rows = orderedKeys(sourceEntries, targetEntries).map((row) => {
    const meta = versionMeta(row.fields.meta, "1.2");
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

  // The root's attributes as the file wrote them (their order too); the version is the one written.
  const storedRoot = metaAttributes(kept.root);
  const root: Attributes =
    Object.keys(storedRoot).length > 0
      ? storedRoot
      : { version: "1.2", xmlns: "urn:oasis:names:tc:xliff:document:1.2" };
  root.version = "1.2";
  // The source language's own file names a target language where its file did (without the
  // file's metadata: where it has targets).
  const namesTarget = (stored: Attributes) =>
    !sourceOnly &&
    (language !== sourceLanguage ||
      (fileMeta ? "target-language" in stored : rows.some((row) => row.withTarget)));

  const out = new XmlLines(style);
  out.line(0, `<xliff${out.attributes("xliff", root)}>`);
  fileAttributes.forEach((stored, fileIndex) => {
    // Stored attributes keep their order; the languages are the ones written now.
    const merged: Attributes = { ...stored, "source-language": sourceLanguage };
    if (namesTarget(stored)) merged["target-language"] = language;
    else delete merged["target-language"];
    out.line(1, `<file${out.attributes("file", merged)}>`);
    for (const element of metaStrings(files[fileIndex]?.elements)) out.line(2, element);
    out.line(2, "<body>");
    const groups = new GroupWriter(out, 3);
    rows.forEach((row, index) => {
      const file =
        typeof row.meta.file === "number" && row.meta.file < fileAttributes.length ? row.meta.file : 0;
      const unit = planned[index];
      if (file !== fileIndex || !unit) return;
      groups.enter(metaGroups(row.meta));
      writeUnit(out, groups.inner, unit.id, unit.named, row);
    });
    groups.closeTo(0);
    out.line(2, "</body>");
    out.line(1, "</file>");
  });
  out.line(0, "</xliff>");
  return out.document();
}

function writeUnit(
  out: XmlLines,
  depth: number,
  id: string,
  named: boolean,
  row: KeyRow & { meta: FormatMeta; withTarget: boolean },
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
  const inner = depth + 1;
  out.line(depth, `<trans-unit${out.attributes("trans-unit", attributes)}>`);
  out.line(inner, `<source>${out.content(row.source, INLINE)}</source>`);
  if (row.withTarget) {
    if (row.target === undefined) out.line(inner, '<target state="needs-translation"/>');
    else {
      const state = validState(row.target.state)
        ? out.attributes("target", { state: row.target.state ?? "" })
        : "";
      out.line(inner, `<target${state}>${out.content(entryToValue(row.target), INLINE)}</target>`);
    }
  }
  for (const group of metaObjects(meta.contextGroups)) {
    out.line(inner, `<context-group${out.attributes("context-group", metaAttributes(group.attributes))}>`);
    for (const context of metaObjects(group.contexts)) {
      const text = metaString(context.text) ?? "";
      out.line(
        inner + 1,
        `<context${out.attributes("context", metaAttributes(context.attributes))}>${out.text(text)}</context>`,
      );
    }
    out.line(inner, "</context-group>");
  }
  for (const note of notesToWrite(meta.notes, entry.comment, entry.context, "from")) {
    out.line(inner, `<note${out.attributes("note", note.attributes)}>${out.text(note.text)}</note>`);
  }
  for (const element of metaStrings(meta.elements)) out.line(inner, element);
  out.line(depth, "</trans-unit>");
}
