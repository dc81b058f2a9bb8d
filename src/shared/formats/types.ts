/**
 * The one format registry's contract (issue 5). Every file format is a module with `parse` and
 * `serialize`; import, export, the pull API and the CLI all go through `registry.ts`.
 *
 * Strings are stored one value per key and language. A plural entry is stored as an ICU plural
 * message (`{count, plural, one {…} other {…}}`, see `plurals.ts`), so formats with native plurals
 * (Android `<plurals>`, `.stringsdict`, gettext `msgid_plural`, i18next `_one/_other`) convert on the
 * way in and out.
 */

export const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];
export type PluralForms = Partial<Record<PluralCategory, string>>;

/** A JSON value, for what a format keeps that has no column of its own (issue 15). */
export type MetaValue = string | number | boolean | null | MetaValue[] | { [key: string]: MetaValue };
/** One format's bag of what only it has (PO references and flags, ARB placeholder blocks, XLIFF ids). */
export type FormatMeta = { [key: string]: MetaValue };

/**
 * One key's string in one language, with the key's metadata (issue 15). Every format maps what it
 * has onto these fields and writes them back; what no field covers goes into `meta`. Parsers give
 * entries in file order and keep empty values (`value: ""`): empty is a value, missing is not.
 * Serializers write entries in the order given (never re-sorted) and every field they can carry.
 */
export interface TranslationEntry {
  key: string;
  /** The value; for a plural entry, absent (the forms are in `plurals`). `""` is an empty string. */
  value?: string;
  /** Plural forms, for formats that have them natively. */
  plurals?: PluralForms;
  /** The variable the plural counts (`count` when the format does not name one). */
  pluralVariable?: string;
  /**
   * The ICU message `plurals` were read from, as it is stored: formats that write ICU text write it
   * as it is, not re-serialized (`other {…} }` stays so, issue 33). Only set with `plurals` that
   * are exactly its forms (`valueToEntry`).
   */
  pluralMessage?: string;
  /**
   * The description for translators, where the format has one (`.strings` comment, PO `#.`,
   * Android `<!-- -->` before the element, XLIFF `<note>`, ARB `@key.description`).
   */
  comment?: string;
  /** What tells identical texts apart: PO `msgctxt`, XLIFF `resname`/context groups. */
  context?: string;
  /** false: must not be translated (Android `translatable="false"`, XLIFF `translate="no"`). */
  translatable?: boolean;
  /** Maximum length in characters (XLIFF `maxwidth` with `size-unit="char"`, ...). */
  maxLength?: number;
  /** Labels for people; formats that have none keep them only in Sprog. */
  tags?: string[];
  /** What only this format has, written back by the same format (a JSON object). */
  meta?: FormatMeta;
  /**
   * The string's state where the format has one, in the format's own words: PO `fuzzy`, XLIFF 1.2
   * `state` (`needs-translation`, `translated`, `final`...), XLIFF 2.0 `state`.
   */
  state?: string;
  /**
   * `json`: the value is not text but JSON of a list, number, boolean or null (Rails YAML
   * `day_names`, Android `<integer-array>`), kept as JSON text in `value` and written back as the
   * format's own type. Absent: text.
   */
  valueType?: "json";
}

export interface ParseOptions {
  /** The language this file holds, as guessed from its name or chosen by the user. */
  language: string;
  /** The project's source language (XLIFF `<source>`, gettext `msgid`, a CSV column). */
  sourceLanguage: string;
  /** JSON and YAML: nested objects become dotted keys (spec default on); off keeps top-level strings only. */
  flattenNestedKeys?: boolean;
  /**
   * CSV and XLSX: which column of the table is what, as chosen in the import dialog, instead of the
   * guess from the header's names (see `parseTable` in table-rows.ts). A column is its index from 0 (in
   * `languages`, written in digits) or its header text; columns not named are not read.
   */
  columns?: {
    key: number | string;
    /** Column → language code. */
    languages: Record<string, string>;
    description?: number | string | undefined;
    context?: number | string | undefined;
    maxLength?: number | string | undefined;
    tags?: number | string | undefined;
  };
}

export interface ParsedFile {
  /**
   * Entries per language code. Most files hold one language (`options.language`); some also carry
   * the source text (XLIFF, gettext) or several languages (CSV, XLSX).
   */
  languages: Record<string, TranslationEntry[]>;
  /** Things skipped or guessed, said so a person understands them (shown after the import). */
  warnings: string[];
  /**
   * What the file as a whole carries, per language code as in `languages` (PO header fields, the
   * XLIFF `<file>` attributes, the Android root element's attributes), written back on export.
   */
  fileMeta?: Record<string, FormatMeta>;
}

export interface SerializeOptions {
  sourceLanguage: string;
  /** Indentation / pretty printing where the format has a choice. */
  pretty: boolean;
  /** JSON and ARB: one level of indentation when pretty (two spaces unless a file had another). */
  indent?: string;
  /** JSON: nested objects by dots in keys (on) or flat keys (off). */
  nested: boolean;
  /** Plurals as separate keys (i18next `_one`/`_other`) rather than one ICU message (JSON only). */
  flattenPlurals: boolean;
  /** The file-level metadata each language's file came with (see `ParsedFile.fileMeta`). */
  fileMeta?: Record<string, FormatMeta>;
}

export interface OutputFile {
  /** Path inside the export zip, e.g. `de.json`, `values-de/strings.xml`, `de.lproj/Localizable.strings`. */
  path: string;
  bytes: Uint8Array;
}

export const FORMAT_IDS = [
  "json",
  "strings",
  "stringsdict",
  "xml",
  "po",
  "xliff",
  "xliff2",
  "csv",
  "xlsx",
  "yaml",
  "arb",
] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

export interface FormatDefinition {
  id: FormatId;
  /** For the export dialog, e.g. "Android XML (strings.xml)". */
  label: string;
  /** File name endings this format reads, lower case with the dot: [".xml"]. */
  extensions: readonly string[];
  /** Reads one file. Throws FormatError with a message a person understands. */
  parse(bytes: Uint8Array, options: ParseOptions): Promise<ParsedFile>;
  /**
   * Writes the given languages (code → entries), one file per language or one file for all
   * (CSV, XLSX), with their paths inside the export.
   */
  serialize(languages: Record<string, TranslationEntry[]>, options: SerializeOptions): Promise<OutputFile[]>;
  /**
   * One language's file written a part at a time, for formats and options where each entry's text
   * follows from the entries before it alone (the export of a large project never holds a whole
   * file's entries); undefined where the whole file is needed first. Its text is what `serialize`
   * writes for the same entries, byte for byte.
   */
  fileWriter?(language: string, options: SerializeOptions): FileWriter | undefined;
}

/** A file written in parts: the text of each batch of entries, in order, then the end's. */
export interface FileWriter {
  path: string;
  write(entries: readonly TranslationEntry[]): string;
  end(): string;
}

/** A file the format cannot read: malformed, truncated, binary, too deep, an entity bomb. */
export class FormatError extends Error {
  override name = "FormatError";
}

/**
 * A JSON or ARB file that is not JSON at all. Its message is the whole answer the import shows
 * (the spec's own words), not a detail after "Error processing file". Its name stays FormatError:
 * to everyone but the import it is one.
 */
export class InvalidJsonError extends FormatError {}

/** Shared limits every parser enforces (bad input gets a clear error, not a crash). */
export const MAX_NESTING_DEPTH = 64;
