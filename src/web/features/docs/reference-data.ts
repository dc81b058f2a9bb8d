import { FORMAT_INFO } from "../../../shared/formats/format-info.ts";
import { FORMAT_IDS, type FormatId } from "../../../shared/formats/types.ts";
import { PLACEHOLDER_FORMATS, type PlaceholderFormat } from "../../../shared/schemas/projects.ts";
import { exportBodySchema, importOptionsSchema } from "../../../shared/schemas/transfer.ts";

/**
 * The reference tables of the documentation, derived from the shared constants wherever one exists
 * (formats, placeholder formats, option defaults; roles and permissions: permission-texts.ts), so the docs cannot drift from what
 * the server enforces. What lives only on the server or in the CLI is restated here and checked
 * against its source by `reference-data.test.ts`.
 */

export interface FormatRow {
  id: FormatId;
  label: string;
  extensions: readonly string[];
  /** Where a language's file goes in an export zip; `{lang}` is the language code. */
  exportPath: string;
  notes: string;
  /** What an import keeps besides keys and values, so an export gives it back (issue 15). */
  keeps: string;
}

/**
 * How each registry format is read and written. Keyed by FormatId, so a new format in the registry
 * does not compile until it is documented here; `exportPath` is checked against the real
 * serializers by the tests.
 */
export const FORMAT_NOTES: Record<FormatId, Omit<FormatRow, "id" | "label" | "extensions">> = {
  json: {
    exportPath: "{lang}.json",
    notes:
      "Flat or nested objects of strings. i18next plural keys (key_one, key_other…) become one plural string.",
    keeps:
      "Key order and nesting, empty strings, and numbers, booleans, null and arrays as read-only values.",
  },
  strings: {
    exportPath: "{lang}.lproj/Localizable.strings",
    notes: '"key" = "value"; pairs, UTF-8 or UTF-16. Plural strings go to the .stringsdict beside it.',
    keeps:
      "The comment above a pair (the key's description), the file's header comment, order and empty strings.",
  },
  stringsdict: {
    exportPath: "{lang}.lproj/Localizable.stringsdict",
    notes:
      "Apple plural rules, one plural variable per key. Only plural strings are written; plain strings belong in .strings.",
    keeps: "The format key (%#@files@), variable names and value types of each plural, and order.",
  },
  xml: {
    exportPath: "values-{lang}/strings.xml",
    notes:
      "<string>, <plurals>, <string-array> and <integer-array> resources, with Android's escaping. Regions use Android qualifiers (values-pt-rBR).",
    keeps:
      'The comment above each resource (the description), every attribute (tools:ignore, formatted, product) and those of <resources>, translatable="false" strings (never counted as missing nor sent to AI), inline markup (<b>, <a href>, <xliff:g>) as elements, CDATA or escaped text as it was, fuzzy="true" as a state, integer arrays as read-only values, order and empty strings.',
  },
  po: {
    exportPath: "{lang}.po",
    notes:
      "msgid is the source text and msgstr the translation, so one file fills two languages. Plural forms follow the file's Plural-Forms header. No file is written for the source language.",
    keeps:
      "#. comments (the description), msgctxt (the context), translator comments, #: references, #, flags and #| previous msgids, fuzzy as the string's state, the header fields in their order, file order, and untranslated entries as empty msgstr.",
  },
  xliff: {
    exportPath: "{lang}.xlf",
    notes:
      "<trans-unit> with <source> and <target>; the key is resname, else id (short numeric ids as Symfony writes them give way to the source text when that is unique). Carries the source text. No file is written for the source language.",
    keeps:
      'Unit ids (Angular\'s too), the description note, the meaning as context, other notes and context groups (source file, line), state, translate="no", maxwidth as the max length, groups and the <file> attributes (original, datatype), order and empty targets.',
  },
  xliff2: {
    exportPath: "{lang}.xlf",
    notes:
      "<unit> with <segment>s; the key is name, else id. Either XLIFF entry reads both versions. No file is written for the source language.",
    keeps:
      'Unit ids, notes (description, meaning, location), segment state, translate="no", slr:sizeRestriction as the max length, groups and the <file> attributes, order and empty targets. Several segments come back as one.',
  },
  csv: {
    exportPath: "translations.csv",
    notes:
      "One row per key: a key (or id) column, one column per language code, optional comment column. Comma, semicolon or tab. One file holds every language.",
    keeps:
      "Row order, and context, max_length and tags columns beside the comment column. An empty cell means not translated.",
  },
  xlsx: {
    exportPath: "translations.xlsx",
    notes:
      "The CSV table in the first worksheet. Old binary .xls workbooks cannot be read: save them as .xlsx first.",
    keeps: "The same as CSV: row order, comment, context, max_length and tags columns.",
  },
  yaml: {
    exportPath: "{lang}.yml",
    notes:
      "Rails style, rooted at the locale (de:). Nested maps become dotted keys; one:/other: maps become plurals.",
    keeps:
      "Key order, empty strings, comments above keys and the file header, and lists, numbers, booleans and symbols (Rails day_names, date order) as read-only values.",
  },
  arb: {
    exportPath: "app_{lang}.arb",
    notes:
      "Flutter ARB: ICU messages, @@locale names the language, @key descriptions become comments. Regions are written Flutter's way (app_pt_BR.arb).",
    keeps:
      "Each @key block (description, placeholders with their type, format and example, context) right after its key, the @@ attributes, order and empty strings.",
  },
};

/** Every registry format with its name, file endings and notes, in registry order. */
export function formatRows(): FormatRow[] {
  return FORMAT_IDS.map((id) => ({
    id,
    label: FORMAT_INFO[id].label,
    extensions: FORMAT_INFO[id].extensions,
    ...FORMAT_NOTES[id],
  }));
}

/** The file endings the import accepts, each once, in registry order. */
export function importExtensions(): string[] {
  return [...new Set(FORMAT_IDS.flatMap((id) => FORMAT_INFO[id].extensions))];
}

/** How each placeholder format writes an argument, as the export dialog and the spec name them. */
export const PLACEHOLDER_FORMAT_INFO: Record<
  PlaceholderFormat,
  { label: string; syntax: string; usedBy: string }
> = {
  web: { label: "Web", syntax: "{name}", usedBy: "ICU MessageFormat: FormatJS, react-intl, i18next ICU" },
  unified: {
    label: "Unified",
    syntax: "[name]",
    usedBy: "A neutral format, with [name:type] for typed values",
  },
  ios: { label: "iOS", syntax: "%@", usedBy: "String(format:) and NSLocalizedString: %@, %lld, %f" },
  android: {
    label: "Android",
    syntax: "%1$s",
    usedBy: "getString() and String.format: positional %1$s, %2$d",
  },
  lokalise: { label: "Lokalise", syntax: "[%name$s]", usedBy: "Lokalise universal placeholders" },
};

export function placeholderFormatRows() {
  return PLACEHOLDER_FORMATS.map((id) => ({ id, ...PLACEHOLDER_FORMAT_INFO[id] }));
}

/** The import dialog's option defaults, as the server applies them when a field is not sent. */
export const IMPORT_DEFAULTS = importOptionsSchema.parse({ language: "en" });

/** The export request's defaults (the dialog starts from these too). */
export const EXPORT_DEFAULTS = exportBodySchema.parse({ languages: ["en"] });

/**
 * Server defaults the docs quote (`src/server/config.ts`; the web may not import the server). The
 * tests compare them with the config schema.
 */
export const SERVER_DEFAULTS = {
  MAX_UPLOAD_MB: 20,
  PULL_RATE_LIMIT_PER_MINUTE: 60,
  AI_MODEL: "gpt-4o-mini",
  AI_BATCH_CONCURRENCY: 3,
} as const;

/** AI call retries (`src/server/ai/retry.ts`) and attempts per string (translate service, chunk worker). */
export const AI_RETRIES = { retries: 3, backoffBaseMs: 1000, jitterMs: 1000, attemptsPerString: 3 } as const;

/** What the built-in pseudo-localization answers (`src/server/ai/pseudo-provider.ts`). */
export const PSEUDO_EXAMPLE = { source: "Hello {name}", output: "[Ĥéĺĺó {name} ~~~~]" } as const;

/** Translation memory thresholds (`src/server/memory/memory-service.ts`), in percent. */
export const MEMORY_THRESHOLDS = { suggestion: 30, example: 70, examplesPerKey: 3 } as const;

/** The CLI's exit codes (`src/cli/exit.ts`, EXIT). */
export const CLI_EXIT_CODES: readonly { code: number; meaning: string }[] = [
  { code: 0, meaning: "Done, or not modified since the last pull" },
  { code: 1, meaning: "Network error, or the server answered another error" },
  { code: 2, meaning: "Bad usage: a missing or invalid option, or no SPROG_API_KEY" },
  {
    code: 3,
    meaning:
      "API key missing, invalid or revoked (401), without the command's scope (403), or a branch merge a project rule refuses (403: a protected base, a review needed first)",
  },
  { code: 4, meaning: "Bad request (400), e.g. a language the project does not have" },
  { code: 5, meaning: "Rate limited (429)" },
  { code: 6, meaning: "sprog check: keys used in the code but missing in the project" },
  { code: 7, meaning: "sprog.config.json is missing or wrong (the message names the line and the field)" },
  {
    code: 8,
    meaning: "sprog branch merge: strings changed on both sides are not resolved (--take settles them)",
  },
];

/** Which commands take an option (`src/cli/options.ts`, COMMAND_OPTIONS). */
export type CliCommand = "pull" | "push" | "status" | "check" | "release" | "branch";
export const ALL_COMMANDS: readonly CliCommand[] = ["pull", "push", "status", "check", "release", "branch"];

/** The CLI's options (`src/cli/options.ts`, OPTIONS; `src/cli/help.ts`). */
export const CLI_OPTIONS: readonly { option: string; commands: readonly CliCommand[]; meaning: string }[] = [
  {
    option: "--config <file>",
    commands: ALL_COMMANDS,
    meaning: "The config file. Default: sprog.config.json in the current directory.",
  },
  {
    option: "--host <url>",
    commands: ALL_COMMANDS,
    meaning: "Your Sprog's address, over the config's host. Or the environment variable SPROG_HOST.",
  },
  {
    option: "--api-key <key>",
    commands: ["pull"],
    meaning:
      "One file without a config only. The project API key; better SPROG_API_KEY, which the other commands require.",
  },
  {
    option: "--format <format>",
    commands: ["pull"],
    meaning:
      "json, strings, stringsdict or android: pulls one file without a config, as the options below say.",
  },
  {
    option: "--placeholder-format <format>",
    commands: ["pull", "release"],
    meaning:
      "web, ios or android. Pull: default web for json, ios for strings and stringsdict, android for android. Release: default web.",
  },
  {
    option: "--language <code>",
    commands: ["pull", "release"],
    meaning:
      "Pull: one language, e.g. de. Release: one or more, comma-separated, e.g. en,de. Without it: every language of the project.",
  },
  {
    option: "--nested",
    commands: ["pull"],
    meaning: "json only: nested objects by the dots in keys. Default: flat keys.",
  },
  {
    option: "--sort-keys",
    commands: ["pull"],
    meaning: "Keys by name. Default: the order of the files they came from, keys added in Sprog last.",
  },
  {
    option: "--out <file or dir>",
    commands: ["pull"],
    meaning:
      "One language: the file to write (default ./{language}.{ext}; a directory gets that name inside it). Every language: a directory (existing, or ending in /) gets the files extracted; anything else is where translations.zip is written (default ./translations.zip).",
  },
  {
    option: "--etag-file <file>",
    commands: ["pull"],
    meaning:
      "Remembers the answer's ETag and sends it next time: nothing is downloaded or written while nothing changed.",
  },
  { option: "--dry-run", commands: ["push"], meaning: "Tells what would change, and changes nothing." },
  {
    option: "--delete-missing",
    commands: ["push"],
    meaning: "Deletes the project's keys the source file does not have.",
  },
  {
    option: "--translations",
    commands: ["push"],
    meaning: "Also uploads the other languages' files found on disk.",
  },
  {
    option: "--overwrite",
    commands: ["push"],
    meaning: "With --translations: replaces translations that differ. Default: only fills missing ones.",
  },
  { option: "--tags <a,b>", commands: ["push"], meaning: "Tags for the keys the push adds." },
  {
    option: "--src <glob>",
    commands: ["check"],
    meaning:
      "The code to read, relative to the config file, with **, *, ? and {a,b}; repeatable. Default: check.src of the config.",
  },
  {
    option: "--environment <name>",
    commands: ["release"],
    meaning:
      "The environment whose manifest names the new release at once, e.g. staging. Default: production.",
  },
  {
    option: "--only <which>",
    commands: ["release"],
    meaning:
      "all (default), approved (strings approved in a review) or passing_checks (strings without failing quality checks). The source language is always whole.",
  },
  {
    option: "--branch <name>",
    commands: ["pull", "push", "status", "check", "release", "branch"],
    meaning:
      'A branch\'s strings instead of main\'s, e.g. feature/checkout; "git" for the current git branch. Over the config\'s "branch". A push to a branch that does not exist yet starts it from main. sprog release: a release of the branch for a test app, staging by default, never production; only this option names it (not the config). sprog branch merge and delete: the branch, when not named.',
  },
  {
    option: "--from <base>",
    commands: ["branch"],
    meaning: "sprog branch create: the branch to start from. Default: main.",
  },
  {
    option: "--take branch|base",
    commands: ["branch"],
    meaning:
      "sprog branch merge: every unresolved conflict takes the branch's text or the base's. Default: refuse with exit 8, naming the keys.",
  },
  {
    option: "--timeout <seconds>",
    commands: ALL_COMMANDS,
    meaning: "Give up on a request after this long (default 60).",
  },
  { option: "-h, --help", commands: ALL_COMMANDS, meaning: "Show the help." },
];

/** The CLI's default placeholder format per file format (`src/cli/pull-direct.ts`, DEFAULT_PLACEHOLDERS). */
export const CLI_DEFAULT_PLACEHOLDERS = {
  json: "web",
  strings: "ios",
  stringsdict: "ios",
  android: "android",
} as const;
