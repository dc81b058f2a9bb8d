import { type GetTextTranslations, po } from "gettext-parser";
import { decodeFileText } from "./file-text.ts";
import { FORMAT_INFO } from "./format-info.ts";
import { FUZZY, flagsOf, KEY_FLAG, NO_SOURCE_FLAG, readEntryMeta, readFileMeta } from "./po-meta.ts";
import { entriesInFileOrder } from "./po-order.ts";
import { indexCategories, parsePluralForms, pluralFormsFor } from "./po-plural-forms.ts";
import { CONTEXT_SEPARATOR, writePo } from "./po-write.ts";
import {
  type FormatDefinition,
  FormatError,
  type OutputFile,
  type ParsedFile,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

export { CONTEXT_SEPARATOR } from "./po-write.ts";

const NAME = FORMAT_INFO.po.label;

/**
 * Gettext PO files, read and written with `gettext-parser`. What the format keeps (see
 * `po-meta.ts` for the exact shape of `meta` and `fileMeta`): keys, source texts and translations,
 * plurals, `#.` comments (`comment`), msgctxt (`context`), `fuzzy` (`state`), translator comments,
 * references, other flags and `#|` previous strings (`meta`), the header fields in order and the
 * comment above them (`fileMeta`), empty msgstr, and the file's order.
 *
 * Reading:
 * - The key is the msgid; with a msgctxt it is `msgctxt::msgid` (gettext's own `\u0004` would be a
 *   control character, which keys may not hold) and `context` is the msgctxt. An entry flagged
 *   `#, sprog-key` (how Sprog writes keys that are not their source text, such as `home.title`)
 *   has the whole key as its msgctxt. Keys are msgids as they are: never trimmed.
 * - msgstr → `options.language`; msgid → ALSO `options.sourceLanguage` (a PO file carries the source
 *   text). When both are the same language (an English `en.po`), a msgstr wins over its msgid.
 * - `msgid_plural` with `msgstr[n]` → plural entries. Index n is mapped to CLDR categories by
 *   evaluating the file's Plural-Forms formula (a small, safe evaluator, never `eval`) for n = 0…1000
 *   and asking `Intl.PluralRules(language)` which category each number is: ru's
 *   `nplurals=3` gives 0 → one, 1 → few, 2 → many; ar's six forms give zero…other. The last index
 *   also fills `other` when no integer is "other" (ru, pl: fractions only), because an ICU plural
 *   needs it. The source side of a plural is `{one: msgid, other: msgid_plural}`.
 * - An empty msgstr (untranslated, in gettext's own terms) is the value `""`, so that it is
 *   written back as `msgstr ""`; a plural without any form likewise. `#, fuzzy` translations are
 *   read with `state: "fuzzy"`; obsolete `#~` entries are no keys: they are kept as they are
 *   in the file's `fileMeta` and written back after the live entries (`po-meta.ts`).
 * - Bad input (unterminated quotes, unknown keywords, duplicate msgids, binary data) → FormatError.
 *
 * Writing: one `{lang}.po` per language other than the source (just the source's when it is the
 * only language), entries in the target's order (keys only the source has, where the source has
 * them). A key that is its source text (or has none) is the msgid; `ctx::msgid` whose msgid is the
 * source text becomes msgctxt + msgid again (the entry's `context` says where to split, so a msgid
 * that merely contains `::` stays whole); any other key (`home.title`) becomes msgctxt = key, msgid =
 * source text, flagged `#, sprog-key`, so translators see the source text and an import gives back
 * the same key and both languages. msgid_plural is the source's `other` form, msgstr[n] the form of
 * the first category index n stands for that the entry has (else `other`). Headers: the file's own,
 * with Language and Plural-Forms right for the language, else Sprog's (`po-meta.ts`).
 */
export const gettextPoFormat: FormatDefinition = {
  id: "po",
  label: FORMAT_INFO.po.label,
  extensions: FORMAT_INFO.po.extensions,
  async parse(bytes, options) {
    return parsePo(bytes, options.language, options.sourceLanguage);
  },
  async serialize(languages, options) {
    const source = options.sourceLanguage;
    const targets = Object.keys(languages).filter((code) => code !== source);
    const codes = targets.length > 0 ? targets : Object.keys(languages);
    const sourceEntries = languages[source] ?? [];
    const files: OutputFile[] = [];
    for (const code of codes) {
      const fileMeta = options.fileMeta?.[code];
      const template = code === source && fileMeta?.template === true;
      files.push({
        path: `${code}.po`,
        bytes: writePo(code, languages[code] ?? [], sourceEntries, fileMeta, template),
      });
    }
    return files;
  },
};

// ---------------------------------------------------------------------------------------------
// Reading

function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 4096));
  const charset = /charset\s*=\s*([A-Za-z0-9._:-]+)/i.exec(head)?.[1];
  return charset === undefined || charset.toUpperCase() === "CHARSET" ? undefined : charset;
}

function parsePo(bytes: Uint8Array, language: string, sourceLanguage: string): ParsedFile {
  const text = decodeFileText(bytes, NAME, declaredCharset(bytes));
  const warnings: string[] = [];
  let table: GetTextTranslations;
  try {
    table = po.parse(text, { validation: true });
  } catch (error) {
    if (error instanceof RangeError) {
      // Wrong number of msgstr[n] for the header: readable, so read it and say so.
      table = po.parse(text, { validation: false });
      // Without a Plural-Forms header gettext-parser expects one form: nothing to say then.
      if (pluralFormsHeader(table) !== undefined) {
        warnings.push(
          `Some entries do not have the number of plural forms the header announces: ${error.message}`,
        );
      }
    } else {
      const message = error instanceof Error ? error.message : String(error);
      // gettext-parser counts the line break itself before it reports an end of line in a string.
      const said = message
        .replace(/^Error parsing PO data: /, "")
        .replace(
          /End-of-line within string at line (\d+)/,
          (_, line: string) => `End-of-line within string at line ${Number(line) - 1}`,
        );
      throw new FormatError(`${NAME}: ${said}`);
    }
  }
  const header = pluralFormsHeader(table);
  let forms = header ? parsePluralForms(header) : undefined;
  if (header && !forms)
    warnings.push(`The Plural-Forms header "${header}" cannot be read; used ${language}'s own rules`);
  forms ??= parsePluralForms(pluralFormsFor(language));
  if (!forms) throw new FormatError(`${NAME}: no plural rules for ${language}`);
  const categories = indexCategories(forms.nplurals, forms.formula, language);

  const sourceEntries: TranslationEntry[] = [];
  const targetEntries: TranslationEntry[] = [];
  let translated = 0;
  for (const message of entriesInFileOrder(text, table)) {
    {
      if (message.msgid === "") continue; // the header
      const flags = flagsOf(message);
      const keyInContext = flags.includes(KEY_FLAG) && message.msgctxt !== undefined;
      const key = keyInContext
        ? (message.msgctxt as string)
        : message.msgctxt !== undefined
          ? `${message.msgctxt}${CONTEXT_SEPARATOR}${message.msgid}`
          : message.msgid;
      const about: Omit<TranslationEntry, "key"> = {};
      const comment = message.comments?.extracted;
      if (comment !== undefined && comment.trim() !== "") about.comment = comment;
      if (message.msgctxt !== undefined && !keyInContext) about.context = message.msgctxt;
      const meta = readEntryMeta(message);
      if (meta) about.meta = meta;
      const plural = message.msgid_plural !== undefined;
      if (!flags.includes(NO_SOURCE_FLAG)) {
        sourceEntries.push(
          plural
            ? { key, plurals: { one: message.msgid, other: message.msgid_plural ?? message.msgid }, ...about }
            : { key, value: message.msgid, ...about },
        );
      }
      const state = flags.includes(FUZZY) ? { state: FUZZY } : {};
      const plurals: PluralForms = {};
      if (plural) {
        categories.forEach((names, index) => {
          const form = message.msgstr[index];
          if (form === undefined || form === "") return;
          for (const category of names) plurals[category] = form;
        });
      }
      if (Object.keys(plurals).length > 0) {
        targetEntries.push({ key, plurals, ...about, ...state });
        translated++;
      } else {
        const value = plural ? "" : (message.msgstr[0] ?? "");
        targetEntries.push({ key, value, ...about, ...state });
        if (value !== "") translated++;
      }
    }
  }
  if (language === sourceLanguage) {
    // A msgstr in the source language corrects its msgid; an empty one leaves the msgid.
    const corrections = new Map(
      targetEntries.filter((entry) => entry.value !== "").map((entry) => [entry.key, entry]),
    );
    const entries = sourceEntries.map((entry) => corrections.get(entry.key) ?? entry);
    return {
      languages: { [language]: entries },
      warnings,
      fileMeta: {
        [language]: readFileMeta(
          table,
          translated === 0 && entries.length > 0,
          entriesInFileOrder(text, table, "obsolete"),
        ),
      },
    };
  }
  return {
    languages: { [sourceLanguage]: sourceEntries, [language]: targetEntries },
    warnings,
    fileMeta: { [language]: readFileMeta(table, false, entriesInFileOrder(text, table, "obsolete")) },
  };
}

function pluralFormsHeader(table: GetTextTranslations): string | undefined {
  return Object.entries(table.headers ?? {}).find(([name]) => name.toLowerCase() === "plural-forms")?.[1];
}
