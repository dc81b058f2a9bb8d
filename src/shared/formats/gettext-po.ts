import { type GetTextTranslation, type GetTextTranslations, po } from "gettext-parser";
import { decodeFileText } from "./file-text.ts";
import { FORMAT_INFO } from "./format-info.ts";
import { entryToValue } from "./plurals.ts";
import { indexCategories, parsePluralForms, pluralFormsFor } from "./po-plural-forms.ts";
import {
  type FormatDefinition,
  FormatError,
  type OutputFile,
  type ParsedFile,
  type PluralCategory,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

const NAME = FORMAT_INFO.po.label;

/** Between msgctxt and msgid in a key: `abbrev. month May::May`. */
export const CONTEXT_SEPARATOR = "::";
/** Marks an entry whose msgctxt is a whole Sprog key (keys that are not their source text). */
const KEY_FLAG = "sprog-key";
/** Marks an entry whose msgid is only its key: the key had no source text, so none is read back. */
const NO_SOURCE_FLAG = "sprog-no-source";

/**
 * Gettext PO files, read and written with `gettext-parser`.
 *
 * Reading:
 * - The key is the msgid; with a msgctxt it is `msgctxt::msgid` (gettext's own `\u0004` would be a
 *   control character, which keys may not hold). An entry flagged `#, sprog-key` (how Sprog writes
 *   keys that are not their source text, such as `home.title`) has the whole key as its msgctxt.
 * - msgstr → `options.language`; msgid → ALSO `options.sourceLanguage` (a PO file carries the source
 *   text). When both are the same language (an English `en.po`), a msgstr wins over its msgid.
 * - `msgid_plural` with `msgstr[n]` → plural entries. Index n is mapped to CLDR categories by
 *   evaluating the file's Plural-Forms formula (a small, safe evaluator, never `eval`) for n = 0…1000
 *   and asking `Intl.PluralRules(language)` which category each number is: ru's
 *   `nplurals=3` gives 0 → one, 1 → few, 2 → many; ar's six forms give zero…other. The last index
 *   also fills `other` when no integer is "other" (ru, pl: fractions only), because an ICU plural
 *   needs it. The source side of a plural is `{one: msgid, other: msgid_plural}`.
 * - Empty msgstr = not translated (skipped silently); `#, fuzzy` translations are skipped with one
 *   warning (msgfmt leaves them out too); obsolete `#~` entries are ignored; the header is not a key.
 * - Extracted (`#.`) and translator (`#`) comments → `comment` (in that order, one per line).
 * - Bad input (unterminated quotes, unknown keywords, duplicate msgids, binary data) → FormatError.
 *
 * Writing: one `{lang}.po` per language other than the source (just the source's when it is the
 * only language). A key that is its source text (or has none) is the msgid; `ctx::msgid` whose
 * msgid is the source text becomes msgctxt + msgid again (so a msgid that merely contains `::`
 * stays whole); any other key (`home.title`) becomes msgctxt = key, msgid = source text, flagged
 * `#, sprog-key`, so translators see the source text and an import gives back the same key and
 * both languages. msgid_plural is the source's `other` form, msgstr[n] the form of the first
 * category index n stands for that the entry has (else `other`). Headers: `Language:` and a
 * Plural-Forms for the language (table below); comments as `#.`.
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
      files.push({
        path: `${code}.po`,
        bytes: writePo(code, languages[code] ?? [], sourceEntries),
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
  let fuzzy = 0;
  for (const [context, messages] of Object.entries(table.translations)) {
    for (const [msgid, message] of Object.entries(messages)) {
      if (context === "" && msgid === "") continue; // the header
      if (message.msgid === "") continue;
      const keyInContext = hasFlag(message, KEY_FLAG) && message.msgctxt !== undefined;
      const key = keyInContext
        ? (message.msgctxt as string)
        : message.msgctxt !== undefined
          ? `${message.msgctxt}${CONTEXT_SEPARATOR}${message.msgid}`
          : message.msgid;
      const comment = [message.comments?.extracted, message.comments?.translator]
        .filter((part): part is string => !!part && part.trim() !== "")
        .join("\n");
      const withComment = (entry: TranslationEntry): TranslationEntry =>
        comment ? { ...entry, comment } : entry;
      const plural = message.msgid_plural !== undefined;
      if (!hasFlag(message, NO_SOURCE_FLAG)) {
        sourceEntries.push(
          withComment(
            plural
              ? { key, plurals: { one: message.msgid, other: message.msgid_plural ?? message.msgid } }
              : { key, value: message.msgid },
          ),
        );
      }
      if (hasFlag(message, "fuzzy")) {
        if (message.msgstr.some((form) => form !== "")) fuzzy++;
        continue;
      }
      if (plural) {
        const plurals: PluralForms = {};
        categories.forEach((names, index) => {
          const form = message.msgstr[index];
          if (form === undefined || form === "") return;
          for (const category of names) plurals[category] = form;
        });
        if (Object.keys(plurals).length > 0) targetEntries.push(withComment({ key, plurals }));
      } else if (message.msgstr[0]) {
        targetEntries.push(withComment({ key, value: message.msgstr[0] }));
      }
    }
  }
  if (fuzzy > 0) {
    warnings.push(
      `Skipped ${fuzzy} fuzzy translation${fuzzy === 1 ? "" : "s"} (marked "fuzzy": they need a review before use)`,
    );
  }
  if (language === sourceLanguage) {
    const translated = new Map(targetEntries.map((entry) => [entry.key, entry]));
    return {
      languages: { [language]: sourceEntries.map((entry) => translated.get(entry.key) ?? entry) },
      warnings,
    };
  }
  return { languages: { [sourceLanguage]: sourceEntries, [language]: targetEntries }, warnings };
}

function pluralFormsHeader(table: GetTextTranslations): string | undefined {
  return Object.entries(table.headers ?? {}).find(([name]) => name.toLowerCase() === "plural-forms")?.[1];
}

function hasFlag(message: GetTextTranslation, flag: string): boolean {
  return (message.comments?.flag ?? "").split(/[,\n]/).some((part) => part.trim() === flag);
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * How a key is written: as the msgid when it is the source text; as the msgid flagged
 * `#, sprog-no-source` when there is no source text (so reading it back does not take the key for
 * the source text); as msgctxt + msgid when it is `ctx::msgid` with msgid the source text;
 * otherwise (a key like `home.title`) msgctxt = the key and msgid = the source text, flagged
 * `#, sprog-key` so the key reads back as it was.
 */
function keyParts(
  key: string,
  source: TranslationEntry | undefined,
): { msgctxt?: string; msgid: string; flag?: string } {
  const sourceText = source?.value ?? source?.plurals?.one;
  if (!sourceText) return { msgid: key, flag: NO_SOURCE_FLAG };
  if (sourceText === key) return { msgid: key };
  for (let at = key.indexOf(CONTEXT_SEPARATOR); at >= 0; at = key.indexOf(CONTEXT_SEPARATOR, at + 1)) {
    if (key.slice(at + CONTEXT_SEPARATOR.length) === sourceText) {
      return { msgctxt: key.slice(0, at), msgid: sourceText };
    }
  }
  return { msgctxt: key, msgid: sourceText, flag: KEY_FLAG };
}

function pickForm(plurals: PluralForms, names: readonly PluralCategory[]): string {
  for (const name of names) if (plurals[name] !== undefined) return plurals[name] ?? "";
  return plurals.other ?? Object.values(plurals).find((form) => form !== undefined) ?? "";
}

function writePo(
  language: string,
  entries: readonly TranslationEntry[],
  sourceEntries: readonly TranslationEntry[],
): Uint8Array {
  const header = pluralFormsFor(language);
  const forms = parsePluralForms(header);
  if (!forms) throw new FormatError(`${NAME}: no plural rules for ${language}`);
  const categories = indexCategories(forms.nplurals, forms.formula, language);
  const source = new Map(sourceEntries.map((entry) => [entry.key, entry]));
  const target = new Map(entries.map((entry) => [entry.key, entry]));
  const keys = [
    ...new Set([...sourceEntries.map((entry) => entry.key), ...entries.map((entry) => entry.key)]),
  ];

  const translations: GetTextTranslations["translations"] = { "": {} };
  const order = new WeakMap<GetTextTranslation, number>();
  keys.forEach((key, index) => {
    const sourceEntry = source.get(key);
    const targetEntry = target.get(key);
    const { msgctxt, msgid, flag } = keyParts(key, sourceEntry);
    const isPlural = (entry: TranslationEntry | undefined) => entry?.value === undefined && !!entry?.plurals;
    const message: GetTextTranslation = { msgid, msgstr: [""] };
    if (msgctxt !== undefined) message.msgctxt = msgctxt;
    if (isPlural(targetEntry) || isPlural(sourceEntry)) {
      const sourcePlurals = sourceEntry?.plurals;
      message.msgid_plural = sourcePlurals?.other ?? sourcePlurals?.many ?? msgid;
      message.msgstr = categories.map((names) => {
        if (!targetEntry) return "";
        if (targetEntry.plurals && targetEntry.value === undefined)
          return pickForm(targetEntry.plurals, names);
        return targetEntry.value ?? "";
      });
    } else {
      message.msgstr = [targetEntry ? entryToValue(targetEntry) : ""];
    }
    const comment = targetEntry?.comment ?? sourceEntry?.comment;
    if (comment || flag) {
      message.comments = {};
      if (comment) message.comments.extracted = comment;
      if (flag) message.comments.flag = flag;
    }
    const context = msgctxt ?? "";
    translations[context] ??= {};
    (translations[context] as Record<string, GetTextTranslation>)[msgid] = message;
    order.set(message, index);
  });

  const compiled = po.compile(
    {
      charset: "utf-8",
      headers: {
        Language: language.replace(/-/g, "_"),
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": header,
        "X-Generator": "Sprog",
      },
      translations,
    },
    { sort: (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0) },
  );
  return Uint8Array.from(compiled);
}
