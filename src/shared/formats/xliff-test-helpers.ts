// What the XLIFF tests share: parse → serialize (with what the parse kept) → parse, reading a
// document with the ecosystem's own parser (the `xliff` npm package), and XLIFF 1.2 documents to read.
// The sample files: xliff-test-samples.ts.
import { type XliffJs, xliff2js, xliff12ToJs } from "xliff";
import type { FormatDefinition, ParsedFile, SerializeOptions } from "./types.ts";
import { xliff1Format } from "./xliff1.ts";

export const bytes = (text: string) => new TextEncoder().encode(text);
export const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data ?? new Uint8Array());

export const OUT: SerializeOptions = {
  sourceLanguage: "en",
  pretty: true,
  nested: false,
  flattenPlurals: false,
};

export interface RoundTrip {
  parsed: ParsedFile;
  written: string;
  again: ParsedFile;
}

/**
 * Reads a document, writes it back with its fileMeta (as the export does), and reads the output.
 * Writes the target language's file (the source's when the document holds only that).
 */
export async function roundTrip(
  format: FormatDefinition,
  document: string | Uint8Array,
  language: string,
  sourceLanguage: string,
): Promise<RoundTrip> {
  const input = typeof document === "string" ? bytes(document) : document;
  const parsed = await format.parse(input, { language, sourceLanguage });
  const files = await format.serialize(parsed.languages, {
    ...OUT,
    sourceLanguage,
    ...(parsed.fileMeta ? { fileMeta: parsed.fileMeta } : {}),
  });
  if (files.length !== 1)
    throw new Error(`expected one file, got ${files.map((file) => file.path).join(", ")}`);
  const written = text(files[0]?.bytes);
  const again = await format.parse(bytes(written), { language, sourceLanguage });
  return { parsed, written, again };
}

/** Reads an XLIFF 1.2 document (text or bytes) as `language`. */
export async function parse12(input: string | Uint8Array, language = "de", sourceLanguage = "en") {
  return xliff1Format.parse(typeof input === "string" ? bytes(input) : input, { language, sourceLanguage });
}

/** An XLIFF 1.2 document of one file holding `units`. */
export const xliff12 = (
  units: string,
  languages = 'source-language="en" target-language="de"',
) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file ${languages} datatype="plaintext" original="app">
    <body>
${units}
    </body>
  </file>
</xliff>
`;

/** The ecosystem's reading of a document of either version (inline elements as their text). */
export async function ecosystemRead(document: string): Promise<XliffJs> {
  const version2 = /<xliff[^>]*version="2/.test(document);
  return version2
    ? xliff2js(document, { inlineAsString: true })
    : xliff12ToJs(document, { inlineAsString: true });
}

/** A JSON value as Postgres' jsonb gives it back: every object's keys sorted, shorter first, then by code unit. */
export function asJsonb<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => asJsonb(item)) as T;
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, asJsonb((value as Record<string, unknown>)[key])])) as T;
}

/**
 * The export of what an import stored, as the database gives it back: entries' `meta` and the
 * `fileMeta` with their keys in jsonb's order. The target language's file (the source's when the
 * file holds only that).
 */
export async function throughDatabase(
  format: FormatDefinition,
  parsed: ParsedFile,
  sourceLanguage: string,
): Promise<string> {
  const languages = Object.fromEntries(
    Object.entries(parsed.languages).map(([language, entries]) => [
      language,
      entries.map((entry) => (entry.meta ? { ...entry, meta: asJsonb(entry.meta) } : entry)),
    ]),
  );
  const files = await format.serialize(languages, {
    ...OUT,
    sourceLanguage,
    fileMeta: asJsonb(parsed.fileMeta ?? {}),
  });
  return text(files[0]?.bytes);
}

/**
 * What Angular's `ng extract-i18n` writes around an XLIFF 1.2 unit, as the reader keeps it (a
 * unit's `meta`): `datatype="html"`, the description and meaning notes, and one location group.
 */
export function angularUnitMeta(sourcefile: string, linenumber: string) {
  return {
    attributes: { datatype: "html" },
    notes: [
      { attributes: { priority: "1", from: "description" }, holds: "comment" },
      { attributes: { priority: "1", from: "meaning" }, holds: "context" },
    ],
    contextGroups: [
      {
        attributes: { purpose: "location" },
        contexts: [
          { attributes: { "context-type": "sourcefile" }, text: sourcefile },
          { attributes: { "context-type": "linenumber" }, text: linenumber },
        ],
      },
    ],
  };
}
