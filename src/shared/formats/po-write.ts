import { type GetTextTranslation, type GetTextTranslations, po } from "gettext-parser";
import { entryToValue } from "./plurals.ts";
import {
  FUZZY,
  KEY_FLAG,
  NO_SOURCE_FLAG,
  obsoleteSection,
  writeEntryComments,
  writeHeader,
} from "./po-meta.ts";
import { indexCategories, parsePluralForms } from "./po-plural-forms.ts";
import {
  FormatError,
  type FormatMeta,
  type PluralCategory,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

/** Between msgctxt and msgid in a key: `abbrev. month May::May`. */
export const CONTEXT_SEPARATOR = "::";

/**
 * How a key is written: as msgctxt + msgid when the entry's context and the rest of the key are its
 * context and source text (or, failing a context, when the key is `ctx::msgid` with msgid the source
 * text); as the msgid when it is the source text; as the msgid flagged `#, sprog-no-source` when
 * there is no source text (so reading it back does not take the key for the source text);
 * otherwise (a key like `home.title`) msgctxt = the key and msgid = the source text, flagged
 * `#, sprog-key` so the key reads back as it was (a context of such a key has no place then).
 */
function keyParts(
  key: string,
  source: TranslationEntry | undefined,
  context: string | undefined,
): { msgctxt?: string; msgid: string; flag?: string } {
  const sourceText = source?.value ?? source?.plurals?.one;
  if (context && key.startsWith(`${context}${CONTEXT_SEPARATOR}`)) {
    const msgid = key.slice(context.length + CONTEXT_SEPARATOR.length);
    if (msgid !== "" && !sourceText) return { msgctxt: context, msgid, flag: NO_SOURCE_FLAG };
    if (msgid !== "" && msgid === sourceText) return { msgctxt: context, msgid };
  }
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

/**
 * The keys in the target's order, each key only the source has placed right after the source key
 * it follows, so neither file's order is lost.
 */
function orderedKeys(
  entries: readonly TranslationEntry[],
  sourceEntries: readonly TranslationEntry[],
): string[] {
  const inTarget = new Set(entries.map((entry) => entry.key));
  const after = new Map<string | null, string[]>();
  let anchor: string | null = null;
  for (const { key } of sourceEntries) {
    if (inTarget.has(key)) {
      anchor = key;
      continue;
    }
    const run = after.get(anchor) ?? [];
    if (run.length === 0) after.set(anchor, run);
    run.push(key);
  }
  const keys = [...(after.get(null) ?? [])];
  for (const { key } of entries) keys.push(key, ...(after.get(key) ?? []));
  return [...new Set(keys)];
}

const isPlural = (entry: TranslationEntry | undefined) => entry?.value === undefined && !!entry?.plurals;

/**
 * One language's PO file. `template`: a source-language file that was a template (its msgstr
 * empty) is written as one again.
 */
export function writePo(
  language: string,
  entries: readonly TranslationEntry[],
  sourceEntries: readonly TranslationEntry[],
  fileMeta: FormatMeta | undefined,
  template: boolean,
): Uint8Array {
  const header = writeHeader(language, fileMeta, template);
  const forms = parsePluralForms(header.pluralForms);
  if (!forms) throw new FormatError(`gettext PO: no plural rules for ${language}`);
  const categories = indexCategories(forms.nplurals, forms.formula, language);
  const source = new Map(sourceEntries.map((entry) => [entry.key, entry]));
  const target = new Map(entries.map((entry) => [entry.key, entry]));

  const headerBlock: GetTextTranslation = { msgid: "", msgstr: [""] };
  if (header.comments) headerBlock.comments = header.comments;
  const translations: GetTextTranslations["translations"] = { "": { "": headerBlock } };
  const order = new WeakMap<GetTextTranslation, number>();
  orderedKeys(entries, sourceEntries).forEach((key, index) => {
    const sourceEntry = source.get(key);
    const targetEntry = template ? undefined : target.get(key);
    const { msgctxt, msgid, flag } = keyParts(key, sourceEntry, targetEntry?.context ?? sourceEntry?.context);
    const message: GetTextTranslation = { msgid, msgstr: [""] };
    if (msgctxt !== undefined) message.msgctxt = msgctxt;
    if (isPlural(targetEntry) || isPlural(sourceEntry)) {
      const sourcePlurals = sourceEntry?.plurals;
      message.msgid_plural = sourcePlurals?.other ?? sourcePlurals?.many ?? msgid;
      message.msgstr = categories.map((names) => {
        if (targetEntry?.plurals && targetEntry.value === undefined)
          return pickForm(targetEntry.plurals, names);
        return targetEntry?.value ?? "";
      });
    } else {
      message.msgstr = [targetEntry ? entryToValue(targetEntry) : ""];
    }
    const comments = writeEntryComments(
      targetEntry?.comment ?? sourceEntry?.comment,
      targetEntry?.meta ?? sourceEntry?.meta,
      targetEntry?.state === FUZZY,
      flag,
    );
    if (comments) message.comments = comments;
    const context = msgctxt ?? "";
    translations[context] ??= {};
    (translations[context] as Record<string, GetTextTranslation>)[msgid] = message;
    order.set(message, index);
  });

  // After the live entries, in the file's order.
  const obsolete = obsoleteSection(fileMeta);
  for (const [index, message] of obsolete.order.entries()) order.set(message, index);
  const compiled = po.compile(
    { charset: "utf-8", headers: header.headers, translations, obsolete: obsolete.section },
    { sort: (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0) },
  );
  return new TextEncoder().encode(restoreContentType(compiled.toString("utf8"), header.headers));
}

/**
 * gettext-parser writes the charset in Content-Type in lower case (`charset=utf-8`); the header
 * gets back the file's own spelling, which is all that differs.
 */
function restoreContentType(text: string, headers: Record<string, string>): string {
  const name = Object.keys(headers).find((candidate) => candidate.toLowerCase() === "content-type");
  const value = name === undefined ? undefined : headers[name];
  if (name === undefined || value === undefined || /["\\]/.test(value)) return text;
  const line = new RegExp(`^"${name}: [^"\\n]*\\\\n"$`, "m");
  const end = text.indexOf("\n\n");
  const header = end < 0 ? text : text.slice(0, end);
  return header.replace(line, () => `"${name}: ${value}\\n"`) + text.slice(header.length);
}
