import { detectPlaceholders } from "../../shared/placeholders/detect.ts";
import { characterCount, noUsageRecorder, type UsageRecorder } from "./ai-usage.ts";
import type { TranslationProvider } from "./provider.ts";
import { pseudoAssist } from "./pseudo-assist.ts";

const ACCENTED: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ĺ",
  m: "ɱ",
  n: "ñ",
  o: "ó",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ú",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Á",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Í",
  J: "Ĵ",
  K: "Ķ",
  L: "Ĺ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ó",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Ú",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

function accent(text: string): string {
  let out = "";
  for (const ch of text) out += ACCENTED[ch] ?? ch;
  return out;
}

/**
 * What pseudo-localization leaves as written besides placeholders: markup tags, URLs and character
 * references, which an app reads rather than shows (`<b>` made `‹ƀ>` broke the string).
 */
const KEPT = /<\/?[A-Za-z][^<>]*>|https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]|&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);/g;

/**
 * Pseudo-localization: accented letters, about 30 % longer, in brackets, every placeholder, tag, URL
 * and character reference kept as written. It shows untranslated or truncated text in the UI
 * without any AI service.
 */
export function pseudoLocalize(text: string): string {
  const kept = [
    ...detectPlaceholders(text).map((p) => ({ start: p.start, end: p.end })),
    ...[...text.matchAll(KEPT)].map((match) => ({ start: match.index, end: match.index + match[0].length })),
  ].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const span of kept) {
    if (span.end <= at) continue;
    const start = Math.max(span.start, at);
    out += accent(text.slice(at, start)) + text.slice(start, span.end);
    at = span.end;
  }
  out += accent(text.slice(at));
  const padding = "~".repeat(Math.max(1, Math.round(text.length * 0.3)));
  return `[${out} ${padding}]`;
}

/** No tokens here: a call counts as a call and its source characters (issue 22). */
export function createPseudoProvider(options: { recordUsage?: UsageRecorder } = {}): TranslationProvider {
  const recordUsage = options.recordUsage ?? noUsageRecorder;
  const record = (teamId: string, characters: number) =>
    recordUsage({ teamId, inputTokens: 0, outputTokens: 0, characters });
  return {
    name: "pseudo",
    model: "pseudo",
    async complete(request) {
      await record(request.teamId, characterCount(request.sourceText));
      return pseudoLocalize(request.sourceText);
    },
    async completeBatch(request) {
      await record(
        request.teamId,
        request.items.reduce((sum, item) => sum + characterCount(item.sourceText), 0),
      );
      return new Map(request.items.map((item) => [item.id, pseudoLocalize(item.sourceText)]));
    },
    async assist(request) {
      await record(request.teamId, 0);
      return pseudoAssist(request);
    },
  };
}
