import { androidXmlFormat } from "./android-xml.ts";
import { arbFormat } from "./arb.ts";
import { csvFormat } from "./csv.ts";
import { gettextPoFormat } from "./gettext-po.ts";
import { jsonFormat } from "./json.ts";
import { stringsFormat } from "./strings.ts";
import { stringsdictFormat } from "./stringsdict.ts";
import type { FormatDefinition, FormatId } from "./types.ts";
import { xliff1Format } from "./xliff1.ts";
import { xliff2Format } from "./xliff2.ts";
import { xlsxFormat } from "./xlsx.ts";
import { yamlFormat } from "./yaml.ts";

/** Every format Sprog reads and writes, by id (the one format registry). */
export const FORMATS: Record<FormatId, FormatDefinition> = {
  json: jsonFormat,
  strings: stringsFormat,
  stringsdict: stringsdictFormat,
  xml: androidXmlFormat,
  po: gettextPoFormat,
  xliff: xliff1Format,
  xliff2: xliff2Format,
  csv: csvFormat,
  xlsx: xlsxFormat,
  yaml: yamlFormat,
  arb: arbFormat,
};

export function formatById(id: FormatId): FormatDefinition {
  return FORMATS[id];
}
