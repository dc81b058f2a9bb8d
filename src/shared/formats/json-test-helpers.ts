import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { jsonFormat } from "./json.ts";
import type { ParseOptions, SerializeOptions, TranslationEntry } from "./types.ts";

// Shared by the JSON format's tests (json.test.ts, json-consumers.test.ts).
/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
export const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");

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
export const corpus: { path: string; language: string; nested: boolean }[] = [
  ...readdirSync(join(CORPUS, UMAMI)).map((name) => ({
    path: `${UMAMI}/${name}`,
    language: name.slice(0, 2),
    nested: false,
  })),
  ...readdirSync(join(CORPUS, EXCALIDRAW)).map((name) => ({
    path: `${EXCALIDRAW}/${name}`,
    language: name.slice(0, 2),
    nested: true,
  })),
  ...readdirSync(join(CORPUS, FRIGATE)).map((language) => ({
    path: `${FRIGATE}/${language}/common.json`,
    language,
    nested: true,
  })),
];
export const read = (path: string) => new Uint8Array(readFileSync(join(CORPUS, path)));
