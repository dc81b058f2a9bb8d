import type { Kysely } from "kysely";
import {
  expectedTranslation,
  findWord,
  forbiddenWord,
  type GlossaryEntry,
  termsIn,
} from "../../shared/glossary/match.ts";
import { CHECK_IDS, type CheckId, runChecks } from "../../shared/quality/checks.ts";
import type { DB } from "../db/schema.ts";
import { loadKeyScreenshots } from "../screenshots/queries.ts";
import type { GlossaryHint, KeyImage } from "./provider.ts";

/**
 * What every AI call is given besides the text and the voice (issue 21): the glossary terms its
 * source contains, and the key's screenshot. And how its answer is held to the glossary: by the
 * same glossary checks the editor shows.
 */

/** The glossary terms of a source text, as the model is told them. */
export function glossaryHints(
  entries: readonly GlossaryEntry[],
  sourceText: string,
  sourceLanguage: string,
  targetLanguage: string,
): GlossaryHint[] {
  return termsIn(sourceText, entries, sourceLanguage).map((entry) => {
    const translation = expectedTranslation(entry, targetLanguage);
    const forbidden = forbiddenWord(entry, targetLanguage, sourceLanguage);
    return {
      term: entry.term,
      ...(translation !== undefined ? { translation } : {}),
      ...(entry.doNotTranslate ? { doNotTranslate: true } : {}),
      ...(forbidden !== undefined ? { forbidden } : {}),
      ...(entry.description ? { description: entry.description } : {}),
    };
  });
}

const GLOSSARY_CHECKS: ReadonlySet<CheckId> = new Set(["glossary_missing", "glossary_forbidden"]);
const NOT_GLOSSARY = CHECK_IDS.filter((id) => !GLOSSARY_CHECKS.has(id));

/**
 * What is wrong with an answer by the glossary, said so the model can correct it; undefined when
 * it uses every approved term and no forbidden one. `source` undefined: the answer is a rewrite of
 * source-language text (the writing assistant), checked for forbidden terms and for terms of the
 * original it dropped.
 */
export function glossaryProblem(
  entries: readonly GlossaryEntry[],
  input: {
    source: string | undefined;
    original?: string;
    answer: string;
    sourceLanguage: string;
    language: string;
  },
): string | undefined {
  if (entries.length === 0 || input.answer.trim() === "") return undefined;
  const findings = runChecks(
    {
      source: input.source,
      value: input.answer,
      sourceLanguage: input.sourceLanguage,
      language: input.language,
      glossary: entries,
    },
    NOT_GLOSSARY,
  ).map((finding) => finding.message);
  if (input.original !== undefined) {
    for (const entry of termsIn(input.original, entries, input.language)) {
      if (entry.forbidden) continue;
      if (findWord(input.answer, entry.term, input.language, entry.caseSensitive).length === 0) {
        findings.push(`it dropped the glossary term “${entry.term}”; keep it`);
      }
    }
  }
  return findings.length > 0 ? findings.join("; ") : undefined;
}

/** Images larger than this are not sent (the endpoint's limits, the request's size). */
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/** The keys' screenshots for an AI call, when sending them is on; one per key at most. */
export async function keyImages(
  db: Kysely<DB>,
  keyIds: readonly string[],
  enabled: boolean,
): Promise<Map<string, KeyImage>> {
  if (!enabled || keyIds.length === 0) return new Map();
  const shots = await loadKeyScreenshots(db, [...keyIds], { maxBytes: MAX_IMAGE_BYTES });
  const images = new Map<string, KeyImage>();
  for (const [keyId, shot] of shots) {
    images.set(keyId, {
      mime: shot.mime,
      base64: shot.data.toString("base64"),
      width: shot.width,
      height: shot.height,
      rect: shot.rect,
    });
  }
  return images;
}
