// The Loop app's .strings files imported and exported again must hold the same pairs, comments
// and order, read by a small reader of its own (not the importer's tokenizer).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { stringsFormat } from "./strings.ts";

/** Repo root is 3 levels above src/shared/formats; the corpus sits next to the repo. */
const CORPUS = join(dirname(fileURLToPath(import.meta.url)), "../../..", "../shared/corpus");
const LOOP = "ios-strings/Loop/Loop";

interface Pair {
  key: string;
  value: string;
  /** The comment right above the pair, if any, trimmed. */
  comment?: string;
}

function decodeEscapes(text: string): string {
  return text.replace(/\\(U[0-9a-fA-F]{4}|.)/gs, (_, c: string) => {
    if (c.length === 5) return String.fromCharCode(Number.parseInt(c.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r" } as Record<string, string>)[c] ?? c;
  });
}

/**
 * Quoted pairs and the comments above them, one regex per token: enough for files whose keys are
 * all quoted and whose comments end before their pair starts, like Loop's and Sprog's.
 */
function readStrings(text: string): Pair[] {
  const token = /\s*(?:\/\*([\s\S]*?)\*\/|\/\/([^\n]*)|"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;)/gy;
  const pairs: Pair[] = [];
  let comment: string | undefined;
  let lastEnd = 0;
  for (let match = token.exec(text); match; match = token.exec(text)) {
    const gap = text.slice(lastEnd, match.index + match[0].length - match[0].trimStart().length);
    lastEnd = token.lastIndex;
    if (/\n[ \t]*\n/.test(gap)) comment = undefined; // a blank line parts a comment from the pair
    if (match[1] !== undefined || match[2] !== undefined) {
      const line = (match[1] ?? match[2] ?? "").trim();
      comment =
        match[2] !== undefined && comment !== undefined && !/\n[ \t]*\n/.test(gap)
          ? `${comment}\n${line}`
          : line;
      continue;
    }
    const pair: Pair = { key: decodeEscapes(match[3] ?? ""), value: decodeEscapes(match[4] ?? "") };
    if (comment) pair.comment = comment;
    pairs.push(pair);
    comment = undefined;
  }
  expect(text.slice(lastEnd).trim()).toBe("");
  return pairs;
}

describe("iOS .strings: the Loop files, exported, as an independent reader reads them", () => {
  const files = readdirSync(join(CORPUS, LOOP)).flatMap((folder) =>
    readdirSync(join(CORPUS, LOOP, folder)).map((name) => `${folder}/${name}`),
  );

  it("has the files this test expects", () => {
    expect(files).toHaveLength(20);
  });

  for (const path of files) {
    it(`${path}: the same pairs, empty values, comments and order`, async () => {
      const original = readFileSync(join(CORPUS, LOOP, path), "utf8");
      const parsed = await stringsFormat.parse(new TextEncoder().encode(original), {
        language: "de",
        sourceLanguage: "en",
      });
      const [file] = await stringsFormat.serialize(parsed.languages, {
        sourceLanguage: "en",
        pretty: true,
        nested: false,
        flattenPlurals: false,
        fileMeta: parsed.fileMeta ?? {},
      });
      const exported = new TextDecoder().decode(file?.bytes);
      const before = readStrings(original);
      expect(before.length).toBeGreaterThan(0);
      expect(readStrings(exported)).toEqual(before);
    });
  }
});
