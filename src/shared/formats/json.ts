import { FORMAT_INFO } from "./format-info.ts";
import {
  acceptableLeaves,
  decodeText,
  isPlainObject,
  notAnObjectMessage,
  noteMissingOther,
  parseJsonText,
  SkipLog,
} from "./json-text.ts";
import {
  entryLeafValue,
  flatJsonWriter,
  flatTree,
  flattenTree,
  type JsonText,
  type Leaf,
  leafEntry,
  nestKeys,
  writeJson,
} from "./json-tree.ts";
import { classifyPluralGroup, entryToValue, isPluralCategory } from "./plurals.ts";
import {
  type FileWriter,
  type FormatDefinition,
  FormatError,
  type ParsedFile,
  PLURAL_CATEGORIES,
  type PluralCategory,
  type PluralForms,
  type SerializeOptions,
  type TranslationEntry,
} from "./types.ts";

/**
 * JSON, flat (`{"label.save": "Save"}`) or nested (`{"label": {"save": "Save"}}`), the way i18next,
 * FormatJS and most web apps keep their strings.
 *
 * What it keeps: keys, values (empty strings too), the order of the file, i18next plurals, and
 * values that are not text. JSON has no comments or other metadata, so there is no `meta` or
 * `fileMeta`.
 *
 * Reading:
 * - nested objects become dotted keys (`flattenNestedKeys`, default on); off, only top-level values
 *   are read and nested objects are skipped with a warning;
 * - strings are text, `""` included; numbers, booleans, null, arrays and empty objects are entries
 *   with `valueType: "json"` and their JSON as the value (`[1,2]`, `false`, `{}`), skipped with a
 *   warning only when nested deeper than MAX_NESTING_DEPTH. Compiled FormatJS messages (values that
 *   are ASTs, arrays of `{type, value}` objects) are refused with an error naming the problem;
 * - i18next plural siblings `key_one`, `key_other`… (strings) become one plural entry `key` when
 *   `classifyPluralGroup` says the group is a real plural (see there; excalidraw's
 *   `arrowhead_crowfoot_one` / `_many` are not and stay keys as they are). Not grouped: a base that
 *   is itself a key, a base ending in `_ordinal` (i18next ordinals); the forms' variable is always
 *   `count`;
 * - ICU plural messages (`{x, plural, …}`) stay plain values; keys made only of digits and empty
 *   keys are skipped with a warning; a key seen twice keeps the first value. Order follows the
 *   file, except that JSON.parse puts integer-like names (`"404"`) first within each object (which
 *   every JSON.parse reader, i18next included, sees the same way).
 *
 * Writing: `{lang}.json`, entries in the order given; `nested` writes objects by the dots in keys,
 * each object where its first key was, and a key that is both a value and a prefix of other keys
 * (`a` and `a.b`) keeps its value and the longer keys are written with their dotted rest as one key
 * next to it (`{"a": "x", "a.b": "y"}`), which reads back to the same keys. `valueType: "json"`
 * values are written as JSON values (a value that is not valid JSON is written as a string).
 * `flattenPlurals` writes `key_one`/`key_other`; off (or when such a key is already taken by another
 * entry), one ICU plural message. Forms are written as they are: a `#` from an ICU plural stays `#`
 * in `key_one` (i18next does not interpolate it; placeholder conversion is the export's job).
 * `pretty` indents by two spaces, or by `indent` (a file's own, when it is the template).
 */

export const jsonFormat: FormatDefinition = {
  id: "json",
  label: FORMAT_INFO.json.label,
  extensions: FORMAT_INFO.json.extensions,
  async parse(bytes, options) {
    const text = decodeText(bytes, "JSON");
    const data = parseJsonText(text);
    const log = new SkipLog();
    if (!isPlainObject(data)) throw new FormatError(notAnObjectMessage(data, "JSON"));
    rejectCompiledMessages(data);
    const leaves = flattenTree(data, options.flattenNestedKeys ?? true, log);
    const entries = groupI18nextPlurals(leaves, options.language, log);
    return { languages: { [options.language]: entries }, warnings: log.messages() } satisfies ParsedFile;
  },
  async serialize(languages, options) {
    const encoder = new TextEncoder();
    return Object.entries(languages).map(([language, entries]) => {
      const writer = jsonFileWriter(language, options);
      if (writer) return { path: writer.path, bytes: encoder.encode(writer.write(entries) + writer.end()) };
      const leaves = jsonLeaves(entries, options.flattenPlurals);
      const tree = options.nested ? nestKeys<string | JsonText>(leaves) : flatTree<string | JsonText>(leaves);
      return {
        path: `${language}.json`,
        bytes: encoder.encode(writeJson(tree, options.pretty, options.indent)),
      };
    });
  },
  fileWriter: jsonFileWriter,
};

/**
 * A flat file a batch of entries at a time. Nested files place each object where its first key
 * was, and i18next plural keys are written only where no other entry has their name: both need
 * every entry first.
 */
function jsonFileWriter(language: string, options: SerializeOptions): FileWriter | undefined {
  if (options.nested || options.flattenPlurals) return undefined;
  const members = flatJsonWriter(options.pretty, options.indent);
  return {
    path: `${language}.json`,
    write: (entries) => members.write(jsonLeaves(entries, false)),
    end: () => members.end(),
  };
}

function isCompiledMessage(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((part) => isPlainObject(part) && typeof part.type === "number")
  );
}

/** FormatJS `compile` output (`"key": [{"type": 0, "value": "Save"}]`) is not source text. */
function rejectCompiledMessages(data: Record<string, unknown>): void {
  const values = Object.values(data);
  const compiled = values.filter(isCompiledMessage).length;
  if (compiled > 0 && compiled >= values.filter((value) => typeof value === "string").length) {
    throw new FormatError(
      "This JSON file holds compiled FormatJS messages (message syntax trees, not text). Import the source messages instead (the file you pass to `formatjs compile`).",
    );
  }
}

const SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/s;

/** Leaves → entries, i18next plural siblings merged into plural entries (rule: `classifyPluralGroup`). */
function groupI18nextPlurals(all: readonly Leaf[], language: string, log: SkipLog): TranslationEntry[] {
  const leaves = acceptableLeaves(all, log);
  const keys = new Set(leaves.map((leaf) => leaf.key));
  const groups = new Map<string, Map<PluralCategory, string>>();
  for (const leaf of leaves) {
    if (leaf.json) continue;
    const match = SUFFIX.exec(leaf.key);
    const base = match?.[1];
    const category = match?.[2];
    if (base === undefined || category === undefined || !isPluralCategory(category)) continue;
    if (keys.has(base) || base.endsWith(".") || base.endsWith("_ordinal")) continue;
    const group = groups.get(base) ?? new Map<PluralCategory, string>();
    group.set(category, leaf.value);
    groups.set(base, group);
  }
  const plurals = new Map<string, PluralForms>();
  const missingOther: string[] = [];
  for (const [base, group] of groups) {
    const verdict = classifyPluralGroup(new Set(group.keys()), language);
    if (!verdict.plural) continue;
    const forms: PluralForms = {};
    for (const category of PLURAL_CATEGORIES) {
      const form = group.get(category);
      if (form !== undefined) forms[category] = form;
    }
    plurals.set(base, forms);
    if (forms.other === undefined) missingOther.push(base);
  }
  noteMissingOther(log, missingOther);
  const entries: TranslationEntry[] = [];
  const emitted = new Set<string>();
  for (const leaf of leaves) {
    const base = leaf.json ? undefined : SUFFIX.exec(leaf.key)?.[1];
    const forms = base === undefined ? undefined : plurals.get(base);
    if (base !== undefined && forms !== undefined) {
      if (!emitted.has(base)) {
        emitted.add(base);
        entries.push({ key: base, plurals: forms, pluralVariable: "count" });
      }
    } else {
      entries.push(leafEntry(leaf));
    }
  }
  return entries;
}

/** Entries → key/value leaves for JSON (plural entries as i18next keys or one ICU message). */
function jsonLeaves(
  entries: readonly TranslationEntry[],
  flattenPlurals: boolean,
): { key: string; value: string | JsonText }[] {
  const plainKeys = new Set(entries.filter((entry) => entry.plurals === undefined).map((entry) => entry.key));
  const leaves: { key: string; value: string | JsonText }[] = [];
  for (const entry of entries) {
    const forms = entry.plurals;
    if (forms === undefined) {
      leaves.push({ key: entry.key, value: entryLeafValue(entry) });
      continue;
    }
    const suffixed = PLURAL_CATEGORIES.flatMap((category) => {
      const form = forms[category];
      return form === undefined ? [] : [{ key: `${entry.key}_${category}`, value: form }];
    });
    if (flattenPlurals && suffixed.length > 0 && suffixed.every((leaf) => !plainKeys.has(leaf.key))) {
      leaves.push(...suffixed);
    } else {
      leaves.push({ key: entry.key, value: entryToValue(entry) });
    }
  }
  return leaves;
}
