import type { Kysely } from "kysely";
import { languageName } from "../../shared/languages.ts";
import { MEMORY_SUGGESTION_LIMIT, type MemorySuggestion } from "../../shared/schemas/memory.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Access } from "../teams/access.ts";
import {
  hasCheckedTranslations,
  selectExamples,
  selectSuggestions,
  selectText,
  withTrigrams,
} from "./queries.ts";

/** Lowest pg_trgm similarity a suggestion in the editor may have. */
export const SUGGESTION_FLOOR = 0.3;
/** Lowest similarity of an example given to the AI (and its percentage, 70). */
export const EXAMPLE_FLOOR = 0.7;
/** Examples per text given to the AI. */
export const EXAMPLE_LIMIT = 3;
/** Texts per examples query (batch translation asks per chunk of 50 keys: one query). */
export const EXAMPLES_PER_QUERY = 50;

export interface MemoryExample {
  source: string;
  translation: string;
  /** Percent, 70-100; 100 only for an identical source text. */
  similarity: number;
}

export interface ExamplesRequest {
  teamId: string;
  sourceLanguage: string;
  targetLanguage: string;
  texts: { keyId: string; text: string }[];
}

/**
 * How long one lookup may run on PostgreSQL before it is cancelled and answered with nothing. The
 * team scoping keeps real lookups far below (`npm run bench -- memory`: 20-50 ms for one text and
 * 0.1-0.25 s for a chunk of 50, team of 3,000 keys among 500,000 similar strings elsewhere); this
 * only stops a pathological one from holding a connection.
 */
export const SUGGESTION_TIMEOUT_MS = 1000;
export const EXAMPLES_TIMEOUT_MS = 5000;

/** `query_canceled`: statement_timeout (or an operator's pg_cancel_backend). */
function isCancelled(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "57014";
}

/**
 * Translation memory (issue 4): translations the team already has for source texts identical or
 * similar (pg_trgm similarity) to the one being translated, from every project of the team with the
 * same source language that has the target language. Shown in the editor, and given to the AI as
 * examples. Suggestions with the same translation are shown once (the best match).
 */
export function createMemoryService({
  db,
  access,
  logger,
  lookupTimeoutMs,
}: {
  db: Kysely<DB>;
  access: Access;
  /** Where a cancelled lookup is reported (it answers with nothing rather than failing). */
  logger?: Logger | undefined;
  /** Replaces both {@link SUGGESTION_TIMEOUT_MS} and {@link EXAMPLES_TIMEOUT_MS} (tests). */
  lookupTimeoutMs?: number | undefined;
}) {
  /** A cancelled lookup answers `fallback`: the editor shows no suggestions, the AI gets no examples. */
  async function orWhenCancelled<T>(lookup: Promise<T>, fallback: T, message: string, context: object) {
    try {
      return await lookup;
    } catch (error) {
      if (!isCancelled(error)) throw error;
      logger?.warn({ ...context, err: error }, message);
      return fallback;
    }
  }

  /**
   * The lookup itself, for a caller that has checked access (a person's cell, or a project API
   * key's own project): up to 5 suggestions, or none for a key without source text.
   */
  async function suggestionsFor(cell: {
    keyId: string;
    teamId: string;
    sourceLanguage: string;
    language: string;
  }): Promise<MemorySuggestion[]> {
    const text = await selectText(db, cell.keyId, cell.sourceLanguage);
    if (text.trim() === "") return [];
    const settings = { threshold: SUGGESTION_FLOOR, timeoutMs: lookupTimeoutMs ?? SUGGESTION_TIMEOUT_MS };
    const lookup = withTrigrams(db, settings, (trx) =>
      selectSuggestions(
        trx,
        {
          keyId: cell.keyId,
          teamId: cell.teamId,
          sourceLanguage: cell.sourceLanguage,
          targetLanguage: cell.language,
          text,
        },
        MEMORY_SUGGESTION_LIMIT,
      ),
    );
    const rows = await orWhenCancelled(lookup, [], "translation memory lookup timed out: no suggestions", {
      keyId: cell.keyId,
      language: cell.language,
    });
    return rows.map((row) => ({
      keyId: row.key_id,
      keyName: row.key_name,
      projectName: row.project_name,
      source: row.source,
      translation: row.translation,
      similarity: row.similarity,
    }));
  }

  return {
    /**
     * Up to 5 suggestions for one cell, identical source texts first, then by similarity (at least
     * 30 %). A key without source text has nothing to match: the answer is an empty list, not an
     * error (the editor asks whenever a cell opens).
     */
    async suggestions(userId: string, keyId: string, language: string): Promise<MemorySuggestion[]> {
      const { key, project } = await access.key(userId, keyId, "strings.edit");
      if (!project.languages.includes(language)) {
        throw new AppError(
          "validation_failed",
          `${languageName(language)} is not a language of this project`,
        );
      }
      if (language === project.source_language) {
        throw new AppError(
          "validation_failed",
          "Suggestions are translations of the source text; pick a language other than the source language",
        );
      }
      return suggestionsFor({
        keyId: key.id,
        teamId: project.team_id,
        sourceLanguage: project.source_language,
        language,
      });
    },

    suggestionsFor,

    /**
     * For batch translation (no access check: the caller is the job, which checked when it was
     * started): up to 3 examples per key with a similarity of at least 70 %, never the key itself,
     * from translations people wrote or checked: machine output nobody checked (AI, pseudo) would
     * teach the AI its own unreviewed guesses. One query per 50 texts (unnest + lateral), after one
     * that asks whether the team has any such translation at all (both under the lookup's timeout). Keys without a match are absent
     * from the map.
     */
    async examplesFor({
      teamId,
      sourceLanguage,
      targetLanguage,
      texts,
    }: ExamplesRequest): Promise<Map<string, MemoryExample[]>> {
      const result = new Map<string, MemoryExample[]>();
      const wanted = texts.filter((entry) => entry.text.trim() !== "");
      if (wanted.length === 0) return result;
      const settings = { threshold: EXAMPLE_FLOOR, timeoutMs: lookupTimeoutMs ?? EXAMPLES_TIMEOUT_MS };
      const checked = await orWhenCancelled(
        withTrigrams(db, settings, (trx) =>
          hasCheckedTranslations(trx, { teamId, sourceLanguage, targetLanguage }),
        ),
        false,
        "translation memory lookup timed out: no examples for this chunk",
        { teamId, sourceLanguage, targetLanguage, texts: wanted.length },
      );
      if (!checked) return result;
      for (let start = 0; start < wanted.length; start += EXAMPLES_PER_QUERY) {
        const chunk = wanted.slice(start, start + EXAMPLES_PER_QUERY);
        const lookup = withTrigrams(db, settings, (trx) =>
          selectExamples(trx, { teamId, sourceLanguage, targetLanguage, texts: chunk }, EXAMPLE_LIMIT),
        );
        // One chunk without examples is translated all the same; the next chunk tries again.
        const rows = await orWhenCancelled(
          lookup,
          [],
          "translation memory lookup timed out: no examples for this chunk",
          { teamId, sourceLanguage, targetLanguage, texts: chunk.length },
        );
        for (const row of rows) {
          const list = result.get(row.key_id) ?? [];
          list.push({ source: row.source, translation: row.translation, similarity: row.similarity });
          result.set(row.key_id, list);
        }
      }
      return result;
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
