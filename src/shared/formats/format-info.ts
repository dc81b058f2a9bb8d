import type { FormatId } from "./types.ts";

/**
 * Each format's name and file endings. Kept apart from the registry so the web bundle (export
 * dialog, import file picker) does not pull in every parser library to show a list.
 */
export const FORMAT_INFO: Record<FormatId, { label: string; extensions: readonly string[] }> = {
  json: { label: "JSON", extensions: [".json"] },
  strings: { label: "iOS Strings (.strings)", extensions: [".strings"] },
  stringsdict: { label: "iOS Stringsdict (.stringsdict)", extensions: [".stringsdict"] },
  xml: { label: "Android XML (strings.xml)", extensions: [".xml"] },
  po: { label: "Gettext PO (.po)", extensions: [".po", ".pot"] },
  xliff: { label: "XLIFF 1.2", extensions: [".xlf", ".xliff"] },
  xliff2: { label: "XLIFF 2.0", extensions: [".xlf", ".xliff"] },
  csv: { label: "CSV", extensions: [".csv"] },
  xlsx: { label: "Excel (.xlsx)", extensions: [".xlsx", ".xls"] },
  yaml: { label: "YAML (Rails)", extensions: [".yml", ".yaml"] },
  arb: { label: "Flutter ARB", extensions: [".arb"] },
};
