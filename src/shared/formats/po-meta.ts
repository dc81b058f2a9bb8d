import type { GetTextComment, GetTextTranslation, GetTextTranslations } from "gettext-parser";
import { DEFAULT_PLURAL_FORMS, parsePluralForms, pluralFormsFor } from "./po-plural-forms.ts";
import type { FormatMeta, MetaValue } from "./types.ts";

/**
 * What a PO entry and a PO header carry besides the strings, as Sprog keeps it (issue 15).
 *
 * Per key, `meta` (each field only when the file has it):
 * `{ translatorComment: string, references: string[], flags: string[], previous: string[] }`:
 * `# ` lines joined by "\n"; `#:` lines as written (one line may hold several references);
 * `#,` flags other than `fuzzy` and Sprog's own; `#|` lines as written (`msgid "Old text"`).
 * `#.` is the entry's `comment`, `fuzzy` its `state`, msgctxt its `context`.
 *
 * Per language, `fileMeta`: `{ headers: [name, value][], headerComment?: string,
 * headerFlags?: string[], template?: true }`: the header fields in file order (a list, since a
 * JSON object's key order is not kept everywhere), the `# ` comment and `#,` flags above the header,
 * and `template` for a source-language file whose every msgstr is empty (a POT), written back so.
 */

/** Marks an entry whose msgctxt is a whole Sprog key (keys that are not their source text). */
export const KEY_FLAG = "sprog-key";
/** Marks an entry whose msgid is only its key: the key had no source text, so none is read back. */
export const NO_SOURCE_FLAG = "sprog-no-source";
export const FUZZY = "fuzzy";

function lines(text: string | undefined): string[] {
  return text === undefined || text === "" ? [] : text.split("\n");
}

export function flagsOf(message: GetTextTranslation): string[] {
  return (message.comments?.flag ?? "")
    .split(/[,\n]/)
    .map((flag) => flag.trim())
    .filter((flag) => flag !== "");
}

/** The `meta` of an entry from its comment lines; undefined when there is nothing to keep. */
export function readEntryMeta(message: GetTextTranslation): FormatMeta | undefined {
  const comments = message.comments ?? {};
  const meta: FormatMeta = {};
  if (comments.translator !== undefined && comments.translator.trim() !== "")
    meta.translatorComment = comments.translator;
  const references = lines(comments.reference);
  if (references.length > 0) meta.references = references;
  const flags = flagsOf(message).filter(
    (flag) => flag !== FUZZY && flag !== KEY_FLAG && flag !== NO_SOURCE_FLAG,
  );
  if (flags.length > 0) meta.flags = flags;
  const previous = lines(comments.previous);
  if (previous.length > 0) meta.previous = previous;
  return Object.keys(meta).length > 0 ? meta : undefined;
}

function stringList(value: MetaValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The comment lines of an entry: `#.` the comment, `#,` fuzzy + kept flags + Sprog's own flag. */
export function writeEntryComments(
  comment: string | undefined,
  meta: FormatMeta | undefined,
  fuzzy: boolean,
  sprogFlag: string | undefined,
): GetTextComment | undefined {
  const comments: GetTextComment = {};
  const translator = meta?.translatorComment;
  if (typeof translator === "string" && translator !== "") comments.translator = translator;
  const references = stringList(meta?.references);
  if (references.length > 0) comments.reference = references.join("\n");
  if (comment) comments.extracted = comment;
  const flags = [...(fuzzy ? [FUZZY] : []), ...stringList(meta?.flags), ...(sprogFlag ? [sprogFlag] : [])];
  if (flags.length > 0) comments.flag = flags.join(", ");
  const previous = stringList(meta?.previous);
  if (previous.length > 0) comments.previous = previous.join("\n");
  return Object.keys(comments).length > 0 ? comments : undefined;
}

/** The header as `fileMeta` (see above). */
export function readFileMeta(
  table: GetTextTranslations,
  template: boolean,
  obsolete: readonly GetTextTranslation[] = [],
): FormatMeta {
  const header = table.translations[""]?.[""];
  const meta: FormatMeta = {
    headers: Object.entries(table.headers ?? {}).map(([name, value]) => [name, value]),
  };
  const comment = header?.comments?.translator;
  if (comment !== undefined && comment.trim() !== "") meta.headerComment = comment;
  const flags = header ? flagsOf(header) : [];
  if (flags.length > 0) meta.headerFlags = flags;
  if (template) meta.template = true;
  if (obsolete.length > 0) meta.obsolete = obsolete.map(obsoleteEntry);
  return meta;
}

/**
 * An obsolete entry (`#~ msgid …`) as it is: gettext keeps them so that a string that comes back
 * into the sources finds its old translation, and a file that lost them on every sync made a noisy
 * diff (issue 33). They are in the file's `fileMeta.obsolete`, in file order, never keys.
 */
function obsoleteEntry(message: GetTextTranslation): MetaValue {
  const entry: { [key: string]: MetaValue } = { msgid: message.msgid, msgstr: [...message.msgstr] };
  if (message.msgctxt !== undefined) entry.msgctxt = message.msgctxt;
  if (message.msgid_plural !== undefined) entry.msgid_plural = message.msgid_plural;
  const comments = Object.entries(message.comments ?? {}).filter(
    (pair): pair is [string, string] => typeof pair[1] === "string" && pair[1] !== "",
  );
  if (comments.length > 0) entry.comments = Object.fromEntries(comments);
  return entry;
}

/**
 * The obsolete entries `readFileMeta` kept, as gettext-parser writes them (`#~` lines), and their
 * order (gettext-parser groups them by msgctxt).
 */
export function obsoleteSection(meta: FormatMeta | undefined): {
  section: GetTextTranslations["translations"];
  order: GetTextTranslation[];
} {
  const section: GetTextTranslations["translations"] = {};
  const order: GetTextTranslation[] = [];
  const entries = meta?.obsolete;
  if (!Array.isArray(entries)) return { section, order };
  for (const entry of entries) {
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) continue;
    const { msgid, msgstr, msgctxt, msgid_plural: plural, comments } = entry;
    if (typeof msgid !== "string" || !Array.isArray(msgstr)) continue;
    const message: GetTextTranslation = {
      msgid,
      msgstr: msgstr.filter((form): form is string => typeof form === "string"),
    };
    if (typeof msgctxt === "string") message.msgctxt = msgctxt;
    if (typeof plural === "string") message.msgid_plural = plural;
    if (comments !== null && typeof comments === "object" && !Array.isArray(comments)) {
      message.comments = Object.fromEntries(
        Object.entries(comments).filter((pair): pair is [string, string] => typeof pair[1] === "string"),
      ) as GetTextComment;
    }
    const context = typeof msgctxt === "string" ? msgctxt : "";
    section[context] ??= {};
    (section[context] as Record<string, GetTextTranslation>)[msgid] = message;
    order.push(message);
  }
  return { section, order };
}

/** Whether a header's Language names `language` (`de_DE` in a file imported as `de` does). */
function sameLanguage(header: string, language: string): boolean {
  const primary = (code: string) =>
    code
      .trim()
      .toLowerCase()
      .split(/[-_@.]/)[0];
  return primary(header) === primary(language);
}

function headerPairs(meta: FormatMeta | undefined): [string, string][] {
  const headers = meta?.headers;
  if (!Array.isArray(headers)) return [];
  return headers.flatMap((pair) =>
    Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string"
      ? [[pair[0], pair[1]]]
      : [],
  ) as [string, string][];
}

/**
 * The header of the file for `language`: the fields it came with, in their order, with `Language`
 * and `Plural-Forms` made right for `language` (a Plural-Forms the file had is kept when it can be
 * read, and then also decides the msgstr[n] order) and the charset UTF-8 (what is written); a
 * template's Language is left as it was. Without file metadata, Sprog's own header. Also the
 * comments above the header.
 */
export function writeHeader(
  language: string,
  meta: FormatMeta | undefined,
  template = false,
): { headers: Record<string, string>; pluralForms: string; comments?: GetTextComment } {
  const gettextLanguage = language.replace(/-/g, "_");
  const pairs = headerPairs(meta);
  if (pairs.length === 0) {
    const pluralForms = pluralFormsFor(language);
    return {
      headers: {
        Language: gettextLanguage,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": pluralForms,
        "X-Generator": "Sprog",
      },
      pluralForms,
    };
  }
  const fileLanguage = pairs.find(([name]) => name.toLowerCase() === "language")?.[1] ?? "";
  // Another language's header (copied metadata) says nothing about this language's plurals.
  const own = fileLanguage.trim() === "" || sameLanguage(fileLanguage, language);
  const headers: Record<string, string> = {};
  let pluralForms: string | undefined;
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    if (lower === "language") {
      // A template is for no language in particular: its Language stays as it was (often empty).
      headers[name] = template || (value.trim() !== "" && own) ? value : gettextLanguage;
    } else if (lower === "plural-forms") {
      pluralForms = own && parsePluralForms(value) ? value : pluralFormsFor(language);
      headers[name] = pluralForms;
    } else if (lower === "content-type") {
      headers[name] = /charset\s*=/i.test(value)
        ? value.replace(/charset\s*=\s*[^;\s]*/i, "charset=UTF-8")
        : value;
    } else {
      headers[name] = value;
    }
  }
  if (!template && !Object.keys(headers).some((name) => name.toLowerCase() === "language"))
    headers.Language = gettextLanguage;
  if (pluralForms === undefined) {
    pluralForms = pluralFormsFor(language);
    // Without Plural-Forms gettext counts two forms, n != 1: only add one where that is wrong.
    if (pluralForms !== DEFAULT_PLURAL_FORMS) headers["Plural-Forms"] = pluralForms;
  }
  const comments: GetTextComment = {};
  if (typeof meta?.headerComment === "string") comments.translator = meta.headerComment;
  const flags = stringList(meta?.headerFlags);
  if (flags.length > 0) comments.flag = flags.join(", ");
  return Object.keys(comments).length > 0 ? { headers, pluralForms, comments } : { headers, pluralForms };
}
