import { jsonFormat } from "./json.ts";
import type { ParseOptions, SerializeOptions, TranslationEntry } from "./types.ts";

// Shared by the JSON format's tests (json.test.ts, json-consumers.test.ts); pure, so the corpus
// is read by the tests themselves.
export const bytes = (text: string) => new TextEncoder().encode(text);
export const text = (data: Uint8Array) => new TextDecoder().decode(data);
export const options = (language: string, extra: Partial<ParseOptions> = {}): ParseOptions => ({
  language,
  sourceLanguage: "en",
  ...extra,
});
export const out = (extra: Partial<SerializeOptions> = {}): SerializeOptions => ({
  sourceLanguage: "en",
  pretty: true,
  nested: true,
  flattenPlurals: true,
  ...extra,
});

export async function parse(input: string | Uint8Array, language = "en", extra: Partial<ParseOptions> = {}) {
  return jsonFormat.parse(typeof input === "string" ? bytes(input) : input, options(language, extra));
}

export async function entriesOf(
  input: string | Uint8Array,
  language = "en",
  extra: Partial<ParseOptions> = {},
) {
  return (await parse(input, language, extra)).languages[language] ?? [];
}

export async function serialize(
  language: string,
  entries: TranslationEntry[],
  extra: Partial<SerializeOptions> = {},
) {
  const [file] = await jsonFormat.serialize({ [language]: entries }, out(extra));
  if (file === undefined) throw new Error("no file");
  return file;
}

/** Corpus files of this format with the language each holds. */
export const UMAMI = "json-flat/umami/src/lang";
export const EXCALIDRAW = "json-nested/excalidraw/packages/excalidraw/locales";
export const FRIGATE = "json-nested/frigate/web/public/locales";
