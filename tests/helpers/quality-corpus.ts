// Real translated pairs from /work/shared/corpus (see its README) for the quality checks' corpus
// test and timing script, read by the corpus tests' shared readers; each set gives
// source/translation pairs with their language.
import {
  parseAndroid,
  parsePo,
  parseStrings,
  parseXliff,
  parseYamlScalars,
  readCorpus,
} from "./corpus-readers.ts";

export interface CorpusPair {
  set: string;
  key: string;
  language: string;
  source: string;
  value: string;
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const json = (path: string) => flatten(JSON.parse(readCorpus(path)), "", new Map());
const strings = (path: string) => parseStrings(readCorpus(path));
/** Android values with the surrounding quotes some files keep (`"Hello"`) taken off. */
const android = (path: string) =>
  new Map([...parseAndroid(readCorpus(path))].map(([key, value]) => [key, value.replace(/^"|"$/g, "")]));
const po = (path: string) => parsePo(readCorpus(path));
const yamlScalars = (path: string) => parseYamlScalars(readCorpus(path));

function xliff(path: string): [Map<string, string>, Map<string, string>] {
  const units = [...parseXliff(readCorpus(path))];
  return [
    new Map(units.map(([id, [source]]) => [id, source])),
    new Map(units.map(([id, [, target]]) => [id, target])),
  ];
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
