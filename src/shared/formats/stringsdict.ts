import { FORMAT_INFO } from "./format-info.ts";
import {
  childElements,
  escapeXmlComment,
  escapeXmlText,
  parseXml,
  textContent,
  type XmlElement,
} from "./safe-xml.ts";

import {
  type FormatDefinition,
  FormatError,
  type FormatMeta,
  type OutputFile,
  type ParsedFile,
  PLURAL_CATEGORIES,
  type PluralForms,
  type TranslationEntry,
} from "./types.ts";

const NAME = FORMAT_INFO.stringsdict.label;

/** `%#@name@`, optionally positional (`%2$#@name@`). */
const VARIABLE = /%(?:(\d+)\$)?#@([^@\s]*)@/g;

/**
 * Apple's `.stringsdict` (an XML property list): each key holds a dict with the format string
 * `NSStringLocalizedFormatKey` (`%#@files@`) and, per variable, a dict with
 * `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`, the value type
 * `NSStringFormatValueTypeKey` (`d`, `ld`, `lld`, `@`…) and the forms `zero` … `other`.
 *
 * What it keeps: keys in file order, forms, the variable's name (`pluralVariable`), an XML comment
 * above a key (`comment`), and per language in `fileMeta[language]` each key's format string and
 * value type as the file had them: `{ keys: { [key]: { format: "%d %#@v0@", valueType: "d" } } }`
 * (`valueType` only when the file gives one). They are file metadata rather than the key's `meta`
 * because they differ between languages (Serbian writes `%d %#@v0@` where English has `%#@v0@`).
 *
 * Conventions (the entry model holds forms, a variable name and a comment):
 * - One plural variable per key becomes one plural entry; `pluralVariable` is the variable's name.
 *   Text around the variable in the format string (`%d %#@v0@`, `%@ has %#@n@`) is folded into
 *   every form (`%d чланак`): iOS substitutes the chosen form into the format string before
 *   formatting, so the folded forms mean exactly the same, and a translator sees whole sentences.
 * - Keys whose format combines several variables (`%#@files@ in %#@folders@`), that use another
 *   rule type (variable width, device specific) or that hold a plain string are skipped with a
 *   warning: they cannot be one plural entry (plain strings belong in Localizable.strings).
 * - On export a key with file metadata whose forms all still carry the folded text gets its own
 *   format string and value type back (the text unfolded again), so the file comes back as it was.
 *   Otherwise the format string is `%#@var@` (`%N$#@var@` when the forms use the count as
 *   positional argument N) and the value type is the kept one or else read from the forms' first
 *   numeric conversion (`%ld` → `ld`), `d` when they show no number. Non-plural entries are not
 *   written (they go to the `.strings` export). A key written by Sprog reads back as the same entry.
 * - XML comments right above a key become its comment, and are written back above it.
 * File `{lang}.lproj/Localizable.stringsdict`.
 */
export const stringsdictFormat: FormatDefinition = {
  id: "stringsdict",
  label: FORMAT_INFO.stringsdict.label,
  extensions: FORMAT_INFO.stringsdict.extensions,
  async parse(bytes, options) {
    const root = parseXml(bytes, NAME);
    if (root.name !== "plist") {
      throw new FormatError(`${NAME}: not a property list (the root element is <${root.name}>, not <plist>)`);
    }
    const top = childElements(root)[0];
    if (top?.name !== "dict") {
      throw new FormatError(`${NAME}: the property list does not hold a <dict>`);
    }
    const warnings: string[] = [];
    const entries: TranslationEntry[] = [];
    const keys: FormatMeta = {};
    for (const { key, value, comment } of readDict(top)) {
      const read = readPluralKey(key, value, warnings);
      if (!read) continue;
      if (comment) read.entry.comment = comment;
      entries.push(read.entry);
      keys[key] = read.kept;
    }
    const parsed: ParsedFile = { languages: { [options.language]: entries }, warnings };
    if (entries.length > 0) parsed.fileMeta = { [options.language]: { keys } };
    return parsed;
  },
  async serialize(languages, options) {
    const files: OutputFile[] = [];
    for (const [language, entries] of Object.entries(languages)) {
      files.push({
        path: `${language}.lproj/Localizable.stringsdict`,
        bytes: new TextEncoder().encode(writeStringsdict(entries, options.fileMeta?.[language])),
      });
    }
    return files;
  },
};

interface DictItem {
  key: string;
  value: XmlElement;
  comment?: string;
}

/** A plist `<dict>`: `<key>` elements each followed by their value element. */
function readDict(dict: XmlElement): DictItem[] {
  const items: DictItem[] = [];
  let key: string | undefined;
  let comment: string | undefined;
  for (const node of dict.children) {
    if (node.type === "comment") {
      if (key === undefined) comment = node.text.trim();
      continue;
    }
    if (node.type !== "element") continue;
    if (key === undefined) {
      if (node.name !== "key") {
        throw new FormatError(
          `${NAME}: malformed property list: expected <key> in a <dict>, found <${node.name}>`,
        );
      }
      key = textContent(node);
      continue;
    }
    if (node.name === "key") {
      throw new FormatError(`${NAME}: malformed property list: the key "${key.slice(0, 60)}" has no value`);
    }
    const item: DictItem = { key, value: node };
    if (comment) item.comment = comment;
    items.push(item);
    key = undefined;
    comment = undefined;
  }
  if (key !== undefined) {
    throw new FormatError(`${NAME}: malformed property list: the key "${key.slice(0, 60)}" has no value`);
  }
  return items;
}

function stringValue(items: readonly DictItem[], key: string): string | undefined {
  const item = items.find((candidate) => candidate.key === key);
  return item?.value.name === "string" ? textContent(item.value) : undefined;
}

/** What a key's entry cannot hold and the export needs to write the key as it was. */
interface KeptFormat {
  [name: string]: string;
  format: string;
}

function readPluralKey(
  key: string,
  value: XmlElement,
  warnings: string[],
): { entry: TranslationEntry; kept: KeptFormat } | undefined {
  const skip = (why: string) => {
    warnings.push(`Skipped "${key}": ${why}`);
    return undefined;
  };
  if (value.name !== "dict") {
    return skip("it is a plain string, not a plural (plain strings belong in Localizable.strings)");
  }
  const items = readDict(value);
  const format = stringValue(items, "NSStringLocalizedFormatKey");
  if (format === undefined) return skip("it has no NSStringLocalizedFormatKey");
  const uses = [...format.matchAll(VARIABLE)];
  const first = uses[0];
  if (!first) return skip(`its format "${format}" uses no %#@variable@`);
  if (uses.length > 1) {
    const names = [...new Set(uses.map((use) => use[0]))].join(" and ");
    return skip(
      `its format combines several plural variables (${names}), which one plural entry cannot hold`,
    );
  }
  const variable = first[2] ?? "";
  const rule = items.find((item) => item.key === variable);
  if (rule?.value.name !== "dict") return skip(`the variable "${variable}" is not defined`);
  const ruleItems = readDict(rule.value);
  const ruleType = stringValue(ruleItems, "NSStringFormatSpecTypeKey");
  if (ruleType !== "NSStringPluralRuleType") {
    return skip(`the variable "${variable}" uses ${ruleType ?? "no rule type"}, not NSStringPluralRuleType`);
  }
  const prefix = format.slice(0, first.index);
  const suffix = format.slice(first.index + first[0].length);
  const plurals: PluralForms = {};
  for (const category of PLURAL_CATEGORIES) {
    const form = stringValue(ruleItems, category);
    if (form !== undefined) plurals[category] = `${prefix}${form}${suffix}`;
  }
  if (Object.keys(plurals).length === 0) return skip(`the variable "${variable}" has no plural forms`);
  const kept: KeptFormat = { format };
  const valueType = stringValue(ruleItems, "NSStringFormatValueTypeKey");
  if (valueType !== undefined) kept.valueType = valueType;
  return { entry: { key, plurals, pluralVariable: variable }, kept };
}

/**
 * The key's own format string, variable name, value type and unfolded forms, when the file
 * metadata has them for this key and every form still carries the text folded into it; else
 * undefined (and only the kept value type, if any, is used).
 */
function keptFormat(
  entry: TranslationEntry,
  plurals: PluralForms,
  kept: KeptFormat | undefined,
): { format: string; variable: string; forms: PluralForms } | undefined {
  if (kept === undefined) return undefined;
  const uses = [...kept.format.matchAll(VARIABLE)];
  const use = uses[0];
  if (!use || uses.length !== 1 || use[2] !== (entry.pluralVariable ?? "count")) return undefined;
  const prefix = kept.format.slice(0, use.index);
  const suffix = kept.format.slice(use.index + use[0].length);
  const forms: PluralForms = {};
  for (const category of PLURAL_CATEGORIES) {
    const form = plurals[category];
    if (form === undefined) continue;
    if (form.length < prefix.length + suffix.length || !form.startsWith(prefix) || !form.endsWith(suffix))
      return undefined;
    forms[category] = form.slice(prefix.length, form.length - suffix.length);
  }
  return { format: kept.format, variable: use[2], forms };
}

function keptFormats(fileMeta: FormatMeta | undefined): Record<string, KeptFormat> {
  const keys = fileMeta?.keys;
  if (typeof keys !== "object" || keys === null || Array.isArray(keys)) return {};
  const out: Record<string, KeptFormat> = {};
  for (const [key, value] of Object.entries(keys)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    if (typeof value.format !== "string") continue;
    out[key] = { format: value.format };
    if (typeof value.valueType === "string") out[key].valueType = value.valueType;
  }
  return out;
}

/** printf conversions: position, length modifier and conversion character. */
const CONVERSION = /%(?:(\d+)\$)?[-+ #0']*\d*(?:\.\d+)?(hh|h|ll|l|q|z|t|j|L)?([diouxXeEfFgGaA@sc%])/g;

/** The value type and argument position the forms give the count (first numeric conversion). */
function countConversion(plurals: PluralForms): { valueType: string; position?: string } {
  const forms = [plurals.other, ...PLURAL_CATEGORIES.map((category) => plurals[category])];
  for (const form of forms) {
    if (form === undefined) continue;
    for (const match of form.matchAll(CONVERSION)) {
      const conversion = match[3] ?? "";
      if (!/[diouxXeEfFgGaA]/.test(conversion)) continue;
      const found: { valueType: string; position?: string } = { valueType: `${match[2] ?? ""}${conversion}` };
      if (match[1]) found.position = match[1];
      return found;
    }
  }
  return { valueType: "d" };
}

function variableName(entry: TranslationEntry): string {
  const cleaned = (entry.pluralVariable ?? "count").replace(/[^A-Za-z0-9_]/g, "_");
  return cleaned === "" ? "count" : cleaned;
}

export function writeStringsdict(entries: readonly TranslationEntry[], fileMeta?: FormatMeta): string {
  const kept = keptFormats(fileMeta);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
  ];
  for (const entry of entries) {
    const plurals = entry.plurals;
    if (!plurals || Object.keys(plurals).length === 0) continue;
    const own = keptFormat(entry, plurals, kept[entry.key]);
    const variable = own?.variable ?? variableName(entry);
    const counted = countConversion(plurals);
    const format =
      own?.format ?? (counted.position ? `%${counted.position}$#@${variable}@` : `%#@${variable}@`);
    const valueType = kept[entry.key]?.valueType ?? counted.valueType;
    const forms = own?.forms ?? plurals;
    if (entry.comment) lines.push(`\t<!-- ${escapeXmlComment(entry.comment)} -->`);
    lines.push(
      `\t<key>${escapeXmlText(entry.key)}</key>`,
      "\t<dict>",
      "\t\t<key>NSStringLocalizedFormatKey</key>",
      `\t\t<string>${escapeXmlText(format)}</string>`,
      `\t\t<key>${escapeXmlText(variable)}</key>`,
      "\t\t<dict>",
      "\t\t\t<key>NSStringFormatSpecTypeKey</key>",
      "\t\t\t<string>NSStringPluralRuleType</string>",
      "\t\t\t<key>NSStringFormatValueTypeKey</key>",
      `\t\t\t<string>${escapeXmlText(valueType)}</string>`,
    );
    for (const category of PLURAL_CATEGORIES) {
      const form = forms[category];
      if (form === undefined) continue;
      lines.push(`\t\t\t<key>${category}</key>`, `\t\t\t<string>${escapeXmlText(form)}</string>`);
    }
    lines.push("\t\t</dict>", "\t</dict>");
  }
  lines.push("</dict>", "</plist>", "");
  return lines.join("\n");
}
