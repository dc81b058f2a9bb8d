import { canonicalLanguage } from "../languages.ts";
import { FORMAT_INFO } from "./format-info.ts";
import {
  acceptableLeaves,
  decodeText,
  isPlainObject,
  notAnObjectMessage,
  parseJsonText,
  SKIP_ARB_NESTED,
  SKIP_ARRAYS,
  SKIP_NOT_TEXT,
  SkipLog,
  toMetaValue,
} from "./json-text.ts";
import { type JsonText, type Tree, writeJson } from "./json-tree.ts";
import { entryToValue } from "./plurals.ts";
import { type FormatDefinition, FormatError, type FormatMeta, type TranslationEntry } from "./types.ts";

/**
 * Flutter Application Resource Bundle (`lib/l10n/app_de.arb`): a flat JSON object of ICU messages.
 *
 * What it keeps: keys in file order, values (`""` too), each key's `@key` block and the file's `@@`
 * attributes. `@key.description` is the entry's `comment`, `@key.context` its `context`; the rest of
 * the block is the entry's `meta` as it stands in the file, e.g.
 * `{"placeholders": {"count": {"type": "int", "format": "compact", "example": "3",
 * "optionalParameters": {…}}}, "type": "text"}` (`{}` for a block with nothing else, so it comes
 * back). `fileMeta` per language: every `@@` attribute but `@@locale`, by its name
 * (`{"@@last_modified": "2024-01-01T00:00:00Z", "@@x-template": "app_en.arb"}`), and `keyBlocks`:
 * whether the file had `@key` blocks.
 *
 * Reading: `@@locale` gives the language (`pt_BR` → `pt-BR`; else `options.language`). Values stay
 * ICU strings as written (plurals too). Non-string values and nested objects are skipped with a
 * warning, like numeric-only keys; a `@key` block without its key is not kept.
 *
 * Writing: `app_{lang}.arb` with `@@locale` for the exported language in Flutter's spelling
 * (`app_pt_BR.arb`, `"@@locale": "pt_BR"`; gen-l10n splits locales on `_`), then the other `@@`
 * attributes from `fileMeta`, then each key in the order given followed by its `@key` block
 * (`description`, the `meta` fields, `context`) when it has one and the language's file has blocks:
 * as its imported file had them, else only the source language's (the template, in gen-l10n's
 * terms; a translation file that gained the template's descriptions made a noisy diff). Plural
 * entries as ICU messages.
 */

/** `fileMeta` field (not an `@@` attribute): whether the language's file had `@key` blocks. */
const KEY_BLOCKS = "keyBlocks";

export const arbFormat: FormatDefinition = {
  id: "arb",
  label: FORMAT_INFO.arb.label,
  extensions: FORMAT_INFO.arb.extensions,
  async parse(bytes, options) {
    const data = parseJsonText(decodeText(bytes, "ARB"));
    if (!isPlainObject(data)) throw new FormatError(notAnObjectMessage(data, "ARB"));
    const log = new SkipLog();
    const locale = data["@@locale"];
    let language = options.language;
    if (typeof locale === "string" && locale.trim() !== "") {
      language = canonicalLanguage(locale) ?? locale.trim().replace(/_/g, "-");
      if (language !== options.language) {
        log.note(`The file says "@@locale": "${locale}", so its strings were read as ${language}.`);
      }
    }
    const fileMeta: FormatMeta = {};
    const items: { key: string; value: string }[] = [];
    for (const [key, value] of Object.entries(data)) {
      if (key.startsWith("@@")) {
        const converted = toMetaValue(value);
        if (key !== "@@locale" && converted instanceof Object) fileMeta[key] = converted.json;
      } else if (key.startsWith("@")) {
        // A `@key` block is read with its key (withBlock), so that it stays with it.
      } else if (typeof value === "string") items.push({ key, value });
      else if (Array.isArray(value)) log.skip(SKIP_ARRAYS, key);
      else if (isPlainObject(value)) log.skip(SKIP_ARB_NESTED, key);
      else log.skip(SKIP_NOT_TEXT, key);
    }
    const entries = acceptableLeaves(items, log).map(({ key, value }) =>
      withBlock({ key, value }, data[`@${key}`]),
    );
    // Whether this file has `@key` blocks: a translation file usually has none (gen-l10n reads
    // them from the template), and one written back with the template's would differ (issue 33).
    fileMeta[KEY_BLOCKS] = Object.keys(data).some((key) => key.startsWith("@") && !key.startsWith("@@"));
    return {
      languages: { [language]: entries },
      warnings: log.messages(),
      fileMeta: { [language]: fileMeta },
    };
  },
  async serialize(languages, options) {
    const encoder = new TextEncoder();
    return Object.entries(languages).map(([language, entries]) => {
      const locale = language.replace(/-/g, "_");
      const out: Tree<string | JsonText> = new Map([["@@locale", locale]]);
      for (const [name, value] of Object.entries(options.fileMeta?.[language] ?? {})) {
        if (name.startsWith("@@") && !out.has(name)) out.set(name, { json: JSON.stringify(value) });
      }
      const imported = options.fileMeta?.[language]?.[KEY_BLOCKS];
      const withBlocks = typeof imported === "boolean" ? imported : language === options.sourceLanguage;
      for (const entry of entries) {
        if (entry.key.startsWith("@") || out.has(entry.key)) continue;
        out.set(entry.key, entryToValue(entry));
        const block = withBlocks ? blockOf(entry) : undefined;
        if (block !== undefined) out.set(`@${entry.key}`, { json: JSON.stringify(block) });
      }
      const text = writeJson(out, options.pretty, options.indent);
      return { path: `app_${locale}.arb`, bytes: encoder.encode(text) };
    });
  },
};

/** The entry with what its `@key` block says: description, context and the rest as `meta`. */
function withBlock(entry: TranslationEntry, block: unknown): TranslationEntry {
  if (!isPlainObject(block)) return entry;
  const converted = toMetaValue(block);
  if (!(converted instanceof Object) || !isPlainObject(converted.json)) return entry;
  const { description, context, ...rest } = converted.json;
  const out: TranslationEntry = { ...entry };
  if (typeof description === "string") out.comment = description;
  else if (description !== undefined) rest.description = description;
  if (typeof context === "string") out.context = context;
  else if (context !== undefined) rest.context = context;
  out.meta = rest;
  return out;
}

/** The `@key` block to write, or undefined when the entry has nothing for one. */
function blockOf(entry: TranslationEntry): FormatMeta | undefined {
  if (entry.comment === undefined && entry.context === undefined && entry.meta === undefined)
    return undefined;
  const block: FormatMeta = {};
  if (entry.comment !== undefined) block.description = entry.comment;
  for (const [name, value] of Object.entries(entry.meta ?? {})) {
    if (!(name in block)) block[name] = value;
  }
  if (entry.context !== undefined) block.context = entry.context;
  return block;
}
