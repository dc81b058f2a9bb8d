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
  type Tree,
  writeJson,
} from "./json.ts";
import { entryToValue } from "./plurals.ts";
import { type FormatDefinition, FormatError, type TranslationEntry } from "./types.ts";

/**
 * Flutter Application Resource Bundle (`lib/l10n/app_de.arb`): a flat JSON object of ICU messages.
 *
 * Reading: `@@locale` gives the language (`pt_BR` → `pt-BR`; else `options.language`); other
 * `@@` attributes (`@@last_modified`, `@@context`…) are not kept. `@key` metadata gives the entry's
 * comment from its `description`; the rest of the metadata (`placeholders`, `type`) is not kept.
 * Values stay ICU strings as written (plurals too). Non-string values and nested objects are
 * skipped with a warning, like numeric-only keys.
 *
 * Writing: `app_{lang}.arb` with the locale in Flutter's spelling (`app_pt_BR.arb`,
 * `"@@locale": "pt_BR"`; gen-l10n splits locales on `_`), each key followed by
 * `"@key": {"description": …}` when the entry has a comment; plural entries as ICU messages.
 */

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
    const items: { key: string; value: string }[] = [];
    for (const [key, value] of Object.entries(data)) {
      if (key.startsWith("@")) continue;
      if (typeof value === "string") items.push({ key, value });
      else if (Array.isArray(value)) log.skip(SKIP_ARRAYS, key);
      else if (isPlainObject(value)) log.skip(SKIP_ARB_NESTED, key);
      else log.skip(SKIP_NOT_TEXT, key);
    }
    const entries = acceptableLeaves(items, log).map(({ key, value }): TranslationEntry => {
      const meta = data[`@${key}`];
      const description = isPlainObject(meta) ? meta.description : undefined;
      return typeof description === "string" && description !== ""
        ? { key, value, comment: description }
        : { key, value };
    });
    return { languages: { [language]: entries }, warnings: log.messages() };
  },
  async serialize(languages, options) {
    const encoder = new TextEncoder();
    return Object.entries(languages).map(([language, entries]) => {
      const locale = language.replace(/-/g, "_");
      const out: Tree<string> = new Map([["@@locale", locale]]);
      for (const entry of entries) {
        if (entry.key.startsWith("@") || out.has(entry.key)) continue;
        out.set(entry.key, entryToValue(entry));
        if (entry.comment !== undefined && entry.comment !== "") {
          out.set(`@${entry.key}`, new Map([["description", entry.comment]]));
        }
      }
      const text = writeJson(out, options.pretty);
      return { path: `app_${locale}.arb`, bytes: encoder.encode(text) };
    });
  },
};
