// Deliberately small regex readers for the real-world corpus files only (the real importers live
// in src/shared/formats and src/server): the placeholder and quality-check corpus tests share them.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The corpus sits next to the repository (see docs/architecture.md, "The real-world test corpus"). */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../..", "../shared/corpus");

export function readCorpus(path: string): string {
  return readFileSync(join(CORPUS, path), "utf8");
}

export function readJson(path: string): Record<string, string> {
  return JSON.parse(readCorpus(path)) as Record<string, string>;
}

export function unescapeC(value: string): string {
  return value.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) => {
    if (c.length === 5) return String.fromCharCode(Number.parseInt(c.slice(1), 16));
    return c === "n" ? "\n" : c === "t" ? "\t" : c;
  });
}

/** Apple `.strings`: `"key" = "value";` with `\"` escapes and comments (ignored). */
export function parseStrings(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const match of withoutComments.matchAll(/"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;/g)) {
    entries.set(unescapeC(match[1] ?? ""), unescapeC(match[2] ?? ""));
  }
  return entries;
}

export function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&");
}

/** Android `<string name="…">` entries (not plurals or arrays), translatable ones only. */
export function parseAndroid(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const match of text.matchAll(/<string\s+name="([^"]+)"([^>]*)>([\s\S]*?)<\/string>/g)) {
    if ((match[2] ?? "").includes('translatable="false"')) continue;
    let value = match[3] ?? "";
    const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(value.trim());
    value = cdata ? (cdata[1] ?? "") : unescapeXml(value);
    entries.set(
      match[1] ?? "",
      value.replace(/\\(['"@?n])/g, (_, c: string) => (c === "n" ? "\n" : c)),
    );
  }
  return entries;
}

/** gettext `.po`: msgid → msgstr (or msgstr[0]), multi-line strings joined. Header skipped. */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const block of text.split(/\n\s*\n/)) {
    const fields = new Map<string, string>();
    let current: string | undefined;
    for (const line of block.split("\n")) {
      const field = /^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"$/.exec(line);
      if (field) {
        current = field[1] ?? "";
        fields.set(current, unescapeC(field[2] ?? ""));
      } else if (current !== undefined && /^".*"$/.test(line)) {
        fields.set(current, (fields.get(current) ?? "") + unescapeC(line.slice(1, -1)));
      }
    }
    const id = fields.get("msgid");
    if (!id) continue;
    entries.set(id, fields.get("msgstr") ?? fields.get("msgstr[0]") ?? "");
  }
  return entries;
}

/** XLIFF 1.2 trans-units: id → [source, target]. */
export function parseXliff(text: string): Map<string, [string, string]> {
  const entries = new Map<string, [string, string]>();
  for (const match of text.matchAll(/<trans-unit\s+id="([^"]+)"[^>]*>([\s\S]*?)<\/trans-unit>/g)) {
    const body = match[2] ?? "";
    const source = /<source>([\s\S]*?)<\/source>/.exec(body)?.[1] ?? "";
    const target = /<target[^>]*>([\s\S]*?)<\/target>/.exec(body)?.[1] ?? "";
    entries.set(match[1] ?? "", [unescapeXml(source), unescapeXml(target)]);
  }
  return entries;
}

/**
 * Rails YAML scalars by dotted path below the locale root (`errors.messages.too_long.one`).
 * Indentation-based; list items and block scalars are skipped.
 */
export function parseYamlScalars(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const stack: { indent: number; key: string }[] = [];
  for (const line of text.split("\n")) {
    const match = /^(\s*)([\w-]+|"[^"]*"|'[^']*'):(?:\s+(.*))?$/.exec(line);
    if (!match) continue;
    const indent = match[1]?.length ?? 0;
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const key = (match[2] ?? "").replace(/^["']|["']$/g, "");
    const value = match[3]?.trim();
    if (value === undefined || value === "" || value.startsWith("#")) {
      stack.push({ indent, key });
      continue;
    }
    const path = [...stack.slice(1).map((entry) => entry.key), key].join(".");
    const quoted = /^(["'])(.*)\1$/.exec(value);
    entries.set(path, quoted ? (quoted[2] ?? "") : value);
  }
  return entries;
}
