// Real translated pairs from /work/shared/corpus (see its README) for the quality checks' corpus
// test and timing script. Deliberately small regex readers for these files only (the real
// importers live in src/server); each set gives source/translation pairs with their language.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../..", "../shared/corpus");

export interface CorpusPair {
  set: string;
  key: string;
  language: string;
  source: string;
  value: string;
}

const read = (path: string) => readFileSync(join(CORPUS, path), "utf8");

function flatten(value: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const json = (path: string) => flatten(JSON.parse(read(path)), "", new Map());

function unescapeC(value: string): string {
  return value.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) => {
    if (c.length === 5) return String.fromCharCode(Number.parseInt(c.slice(1), 16));
    return c === "n" ? "\n" : c === "t" ? "\t" : c;
  });
}

function strings(path: string): Map<string, string> {
  const out = new Map<string, string>();
  const text = read(path)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;/g)) {
    out.set(unescapeC(m[1] ?? ""), unescapeC(m[2] ?? ""));
  }
  return out;
}

function unescapeXml(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&");
}

function android(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of read(path).matchAll(/<string\s+name="([^"]+)"([^>]*)>([\s\S]*?)<\/string>/g)) {
    if ((m[2] ?? "").includes('translatable="false"')) continue;
    let value = m[3] ?? "";
    const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(value.trim());
    value = cdata ? (cdata[1] ?? "") : unescapeXml(value);
    out.set(
      m[1] ?? "",
      value.replace(/^"|"$/g, "").replace(/\\(['"@?n])/g, (_, c: string) => (c === "n" ? "\n" : c)),
    );
  }
  return out;
}

function po(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of read(path).split(/\n\s*\n/)) {
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
    if (id) out.set(id, fields.get("msgstr") ?? fields.get("msgstr[0]") ?? "");
  }
  return out;
}

function yamlScalars(path: string): Map<string, string> {
  const out = new Map<string, string>();
  const stack: { indent: number; key: string }[] = [];
  for (const line of read(path).split("\n")) {
    const m = /^(\s*)([\w-]+|"[^"]*"|'[^']*'):(?:\s+(.*))?$/.exec(line);
    if (!m) continue;
    const indent = m[1]?.length ?? 0;
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const key = (m[2] ?? "").replace(/^["']|["']$/g, "");
    const value = m[3]?.trim();
    if (value === undefined || value === "" || value.startsWith("#")) {
      stack.push({ indent, key });
      continue;
    }
    const quoted = /^(["'])(.*)\1$/.exec(value);
    out.set([...stack.slice(1).map((e) => e.key), key].join("."), quoted ? (quoted[2] ?? "") : value);
  }
  return out;
}

function xliff(path: string): [Map<string, string>, Map<string, string>] {
  const source = new Map<string, string>();
  const target = new Map<string, string>();
  for (const m of read(path).matchAll(/<trans-unit\s+id="([^"]+)"[^>]*>([\s\S]*?)<\/trans-unit>/g)) {
    const body = m[2] ?? "";
    source.set(m[1] ?? "", unescapeXml(/<source>([\s\S]*?)<\/source>/.exec(body)?.[1] ?? ""));
    target.set(m[1] ?? "", unescapeXml(/<target[^>]*>([\s\S]*?)<\/target>/.exec(body)?.[1] ?? ""));
  }
  return [source, target];
}

function pairs(
  set: string,
  language: string,
  source: ReadonlyMap<string, string>,
  translation: ReadonlyMap<string, string>,
): CorpusPair[] {
  const out: CorpusPair[] = [];
  for (const [key, value] of translation) {
    const sourceValue = source.get(key);
    if (sourceValue && value) out.push({ set, key, language, source: sourceValue, value });
  }
  return out;
}

/** Every translated pair of the corpus (about 15,000), English source. */
export function corpusPairs(): CorpusPair[] {
  const out: CorpusPair[] = [];
  const umami = "json-flat/umami/src/lang";
  const umamiEn = json(`${umami}/en-US.json`);
  for (const l of ["de-DE", "ru-RU", "ar-SA", "ja-JP", "he-IL"])
    out.push(...pairs("umami", l, umamiEn, json(`${umami}/${l}.json`)));
  const exc = "json-nested/excalidraw/packages/excalidraw/locales";
  const excEn = json(`${exc}/en.json`);
  for (const l of ["de-DE", "ru-RU", "ar-SA", "ja-JP", "zh-CN"])
    out.push(...pairs("excalidraw", l, excEn, json(`${exc}/${l}.json`)));
  const fri = "json-nested/frigate/web/public/locales";
  const friEn = json(`${fri}/en/common.json`);
  for (const l of ["ja", "ru", "ar"])
    out.push(...pairs("frigate", l, friEn, json(`${fri}/${l}/common.json`)));
  const wiki = "android-strings-xml/apps-android-wikipedia/app/src/main/res";
  const wikiEn = android(`${wiki}/values/strings.xml`);
  for (const l of ["de", "ru", "ar", "iw", "ja"])
    out.push(
      ...pairs("wikipedia", l === "iw" ? "he" : l, wikiEn, android(`${wiki}/values-${l}/strings.xml`)),
    );
  const loop = "ios-strings/Loop/Loop";
  const loopEn = strings(`${loop}/en.lproj/Localizable.strings`);
  const loopBase = strings(`${loop}/Base.lproj/Localizable.strings`);
  for (const l of ["de", "ru", "ar", "he", "ja"]) {
    const translation = strings(`${loop}/${l}.lproj/Localizable.strings`);
    const source = new Map([...translation.keys()].map((k) => [k, loopEn.get(k) ?? loopBase.get(k) ?? k]));
    out.push(...pairs("loop", l, source, translation));
  }
  for (const l of ["de", "ru", "ar", "ja"]) {
    const entries = po(`gettext-po/django-admin/django/contrib/admin/locale/${l}/LC_MESSAGES/djangojs.po`);
    out.push(...pairs("django", l, new Map([...entries.keys()].map((id) => [id, id])), entries));
  }
  const rails = "yaml/rails-i18n/rails/locale";
  const railsEn = yamlScalars(`${rails}/en.yml`);
  for (const l of ["de", "ru", "ar", "ja", "he", "pl"])
    out.push(...pairs("rails", l, railsEn, yamlScalars(`${rails}/${l}.yml`)));
  const sym = "xliff-1.2/symfony-security/src/Symfony/Component/Security/Core/Resources/translations";
  for (const l of ["de", "ru", "ar", "ja"]) {
    const [source, target] = xliff(`${sym}/security.${l}.xlf`);
    out.push(...pairs("symfony", l, source, target));
  }
  return out;
}
