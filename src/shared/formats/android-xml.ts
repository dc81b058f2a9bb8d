import { readResources } from "./android-xml-read.ts";
import { androidValuesFolder, writeResources } from "./android-xml-write.ts";
import { decodeFileText } from "./file-text.ts";
import { FORMAT_INFO } from "./format-info.ts";
import { parseXml } from "./safe-xml.ts";
import { type FormatDefinition, FormatError, type FormatMeta, type OutputFile } from "./types.ts";

export { decodeAndroidText } from "./android-text.ts";
export { androidValuesFolder, writeResources };

const NAME = FORMAT_INFO.xml.label;

/**
 * Android string resources (`res/values-xx/strings.xml`), read the way aapt2 compiles them and
 * written back so that aapt2 reads the same resources (the shape of `meta` and `fileMeta` is in
 * `android-meta.ts`; reading in `android-xml-read.ts`, writing in `android-xml-write.ts`, the text
 * rules in `android-text.ts`).
 *
 * What an import keeps and an export of the same language writes back:
 * - Resources in file order (written in the order given, never sorted); a duplicate name keeps
 *   the last one, with a warning.
 * - `<string name>` (and `<item type="string" name>`) → an entry; empty (`<string/>`) is `""`.
 *   Text and CDATA get Android's escapes decoded (`\'`, `\"`, `\\`, `\n`, `\t`, `\@`, `\?`,
 *   `\uXXXX`), unescaped `"` toggle quoting (and disappear), whitespace outside quotes collapses
 *   to one space and is trimmed at both ends; XML entities are decoded. Inline markup stays in the
 *   value as written (`Click <a href="https://x">here</a>`); `meta.markup` says whether it was
 *   elements, CDATA or `&lt;`-escaped text, and it is written back that way (for aapt2 these
 *   differ: elements are styled spans, the others literal tag text). Writing escapes what aapt2
 *   would read differently (quotes, backslashes, a leading `@`/`?` unless the value is a
 *   reference like `@string/x`, spaces it would collapse, control characters).
 * - `<plurals>` → a plural entry with its `<item quantity>` forms (all six categories), each
 *   item's comment, markup and attributes in `meta.items`.
 * - `<string-array name="x">` → one translatable entry per item, keys `x[0]`, `x[1]`…, written
 *   back as a string-array where its first item is (missing indexes become empty items).
 * - `<integer-array>` and `<array>` → one entry with `valueType: "json"`, the item texts as a JSON
 *   list (`["1","@integer/max"]`), `meta.element` saying which element to write.
 * - `translatable="false"` → `translatable: false`; translatewiki's `fuzzy="true"` → `state:
 *   "fuzzy"` (per language, unlike `meta`); the resource's other attributes
 *   (`tools:ignore`, `formatted`, `product`…) → `meta.attributes`. A `product` other than
 *   `default` makes the key `name[product=tablet]`, since variants share the name.
 * - A `<!-- comment -->` right above a resource (no blank line between) is its `comment`.
 * - The `<resources>` attributes (`xmlns:tools`, `tools:locale`) → `fileMeta[language].attributes`;
 *   namespaces the written file uses (`xliff`, `tools`) are declared if missing.
 * - What stands between the XML declaration and `<resources>` (a licence or authors comment) →
 *   `fileMeta[language].prolog`, and an indentation other than four spaces → `.indent` (issue 33).
 * Not kept: other resource types (`<integer>`, `<color>`…, skipped with one warning), comments not
 * right above a resource, blank lines.
 *
 * Folders use Android qualifiers, one per language (the source language too, so a project can copy
 * the one it ships as default into `values/`): `values-de`, `values-pt-rBR`, `values-b+sr+Latn`,
 * `values-b+es+419`, and Android's legacy codes `values-iw` (he), `values-in` (id), `values-ji` (yi).
 */
export const androidXmlFormat: FormatDefinition = {
  id: "xml",
  label: FORMAT_INFO.xml.label,
  extensions: FORMAT_INFO.xml.extensions,
  async parse(bytes, options) {
    const root = parseXml(bytes, NAME);
    if (root.name !== "resources") {
      throw new FormatError(
        `${NAME}: not an Android resources file (the root element is <${root.name}>, not <resources>)`,
      );
    }
    const parsed = readResources(root, options.language);
    const layout = layoutOf(decodeFileText(bytes, NAME));
    if (layout.prolog !== undefined || layout.indent !== undefined) {
      const own = parsed.fileMeta?.[options.language] ?? {};
      parsed.fileMeta = { ...parsed.fileMeta, [options.language]: { ...own, ...compact(layout) } };
    }
    return parsed;
  },
  async serialize(languages, options) {
    const files: OutputFile[] = [];
    for (const [language, entries] of Object.entries(languages)) {
      files.push({
        path: `${androidValuesFolder(language)}/strings.xml`,
        bytes: new TextEncoder().encode(writeResources(entries, options.fileMeta?.[language])),
      });
    }
    return files;
  },
};

/** The file's text before `<resources>` (past the XML declaration) and its indentation. */
function layoutOf(text: string): { prolog?: string; indent?: string } {
  const root = /<resources[\s>/]/.exec(text);
  if (!root) return {};
  const head = text.slice(0, root.index);
  const declaration = /^\s*<\?xml[^?]*\?>\n?/.exec(head);
  const between = head.slice(declaration ? declaration[0].length : 0);
  const indent = /\n([ \t]+)</.exec(text.slice(root.index, root.index + 4096))?.[1];
  return {
    ...(declaration && between.trim() !== "" && /^(?:\s*<!--(?:(?!-->)[\s\S])*-->)*\s*$/.test(between)
      ? { prolog: between }
      : {}),
    ...(indent !== undefined && indent !== "    " ? { indent } : {}),
  };
}

function compact(layout: { prolog?: string; indent?: string }): FormatMeta {
  const meta: FormatMeta = {};
  if (layout.prolog !== undefined) meta.prolog = layout.prolog;
  if (layout.indent !== undefined) meta.indent = layout.indent;
  return meta;
}
