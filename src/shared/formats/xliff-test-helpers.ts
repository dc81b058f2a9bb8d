// What the XLIFF round-trip tests share: parse → serialize (with what the parse kept) → parse, and
// reading a document with the ecosystem's own parser, the `xliff` npm package.
import { type XliffJs, xliff2js, xliff12ToJs } from "xliff";
import type { FormatDefinition, ParsedFile, SerializeOptions } from "./types.ts";

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

/** The ecosystem's reading of a document of either version (inline elements as their text). */
export async function ecosystemRead(document: string): Promise<XliffJs> {
  const version2 = /<xliff[^>]*version="2/.test(document);
  return version2
    ? xliff2js(document, { inlineAsString: true })
    : xliff12ToJs(document, { inlineAsString: true });
}
