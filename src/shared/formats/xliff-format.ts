import { decodeFileText } from "./file-text.ts";
import { FORMAT_INFO } from "./format-info.ts";
import { localName, parseXml } from "./safe-xml.ts";
import {
  type FormatDefinition,
  FormatError,
  type FormatMeta,
  type ParsedFile,
  type ParseOptions,
  type TranslationEntry,
} from "./types.ts";
import { RawDocument } from "./xliff-style.ts";
import { readXliff1 } from "./xliff1-read.ts";
import { readXliff2 } from "./xliff2-read.ts";

/** Writes one language's XLIFF document, with the source language's entries beside it. */
export type XliffWriter = (
  language: string,
  sourceLanguage: string,
  sourceEntries: readonly TranslationEntry[],
  targetEntries: readonly TranslationEntry[],
  fileMeta: FormatMeta | undefined,
) => string;

/** An XLIFF version's format: both read either version (they share .xlf); they differ in what they write. */
export function xliffFormat(id: "xliff" | "xliff2", write: XliffWriter): FormatDefinition {
  return {
    id,
    label: FORMAT_INFO[id].label,
    extensions: FORMAT_INFO[id].extensions,
    async parse(bytes, options) {
      return parseXliff(bytes, options);
    },
    async serialize(languages, options) {
      return exportLanguages(languages, options.sourceLanguage).map((language) => ({
        path: `${language}.xlf`,
        bytes: new TextEncoder().encode(
          write(
            language,
            options.sourceLanguage,
            languages[options.sourceLanguage] ?? [],
            languages[language] ?? [],
            // A language exported without a file of its own takes the source's file attributes.
            options.fileMeta?.[language] ?? options.fileMeta?.[options.sourceLanguage],
          ),
        ),
      }));
    },
  };
}

/** The languages an XLIFF export writes a file for: every one but the source, or the source alone. */
export function exportLanguages(languages: Record<string, TranslationEntry[]>, source: string): string[] {
  const targets = Object.keys(languages).filter((code) => code !== source);
  return targets.length > 0 ? targets : Object.keys(languages);
}

/** Reads an XLIFF document of either version. */
export function parseXliff(bytes: Uint8Array, options: ParseOptions): ParsedFile {
  const root = parseXml(bytes, "XLIFF");
  if (localName(root.name) !== "xliff") {
    throw new FormatError(`XLIFF: not an XLIFF file (the root element is <${root.name}>, not <xliff>)`);
  }
  // The same text the tree was parsed from: inline tags as the file wrote them, and its `XmlStyle`.
  const raw = RawDocument.read(decodeFileText(bytes, "XLIFF", declaredEncoding(bytes)), root);
  const version = root.attributes.version ?? "";
  const namespace = root.attributes.xmlns ?? "";
  if (version.startsWith("2") || namespace.includes("xliff:document:2"))
    return readXliff2(root, options, raw);
  if (version !== "" && !version.startsWith("1")) {
    throw new FormatError(`XLIFF: version ${version} is not supported (1.2 and 2.0 are)`);
  }
  return readXliff1(root, options, raw);
}

/** The `encoding="…"` of the XML declaration, read as `parseXml` reads it. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  return /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
}
