import type { Kysely } from "kysely";
import { detectPlaceholders } from "../../shared/placeholders/detect.ts";
import { type AiStatus, PSEUDO_NOTICE } from "../../shared/schemas/ai.ts";
import { type SavedString, saveStringBodySchema } from "../../shared/schemas/keys.ts";

import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { loadGlossaryEntries } from "../glossary/queries.ts";
import type { Logger } from "../logger.ts";
import type { StringService } from "../strings/service.ts";
import type { Access } from "../teams/access.ts";
import type { AiQuota } from "./ai-quota.ts";
import { assertTargetLanguage, placeholderProblem, resolveModel } from "./checks.ts";
import { glossaryHints, glossaryProblem, keyImages } from "./context.ts";
import type { ExamplesLookup, TranslationProvider } from "./provider.ts";
import { selectKeyTexts } from "./queries.ts";
import { loadVoice } from "./voice.ts";

const ATTEMPTS = 3;

export function createTranslateService(deps: {
  db: Kysely<DB>;
  access: Access;
  strings: StringService;
  provider: TranslationProvider;
  logger: Logger;
  /** Translation memory: similar earlier translations (≥ 70 %) given to the AI as examples. */
  examples?: ExamplesLookup | undefined;
  aiQuota: AiQuota;
  /** Send the key's screenshot with the request (config AI_SEND_SCREENSHOTS). */
  sendScreenshots?: boolean;
}) {
  const { db, access, strings, provider, logger, aiQuota } = deps;

  return {
    status(): AiStatus {
      return {
        provider: provider.name,
        model: provider.model,
        notice: provider.name === "pseudo" ? PSEUDO_NOTICE : null,
      };
    },

    /**
     * Translates one cell from the source language and saves it (history origin `ai`). An answer that
     * drops or invents a placeholder is retried with the correction, then refused: never saved broken.
     * One that misses an approved glossary term or uses a forbidden one is retried once with the
     * correction; if it still does, it is saved and its stored glossary check shows it.
     */
    async translate(userId: string, keyId: string, language: string, model?: string): Promise<SavedString> {
      const { key, project } = await access.key(userId, keyId, "strings.edit");
      assertTargetLanguage(project, language);
      if (!key.translatable || key.value_type === "json") {
        throw new AppError("validation_failed", "This key is marked as not translatable");
      }
      const chosenModel = resolveModel(provider, model);
      const rows = await selectKeyTexts(db, keyId);
      const source = rows.find((r) => r.language_code === project.source_language)?.value;
      if (source === undefined) throw new AppError("validation_failed", "No source text found");
      if (source.trim() === "")
        throw new AppError("validation_failed", "Empty text provided for translation");
      await aiQuota(userId, project.team_id);
      const otherTranslations = Object.fromEntries(
        rows
          .filter(
            (r) => r.language_code !== project.source_language && r.language_code !== language && r.value,
          )
          .map((r) => [r.language_code, r.value]),
      );
      const placeholders = [...new Set(detectPlaceholders(source).map((p) => p.raw))];
      const [glossary, images] = await Promise.all([
        loadGlossaryEntries(db, project.team_id),
        keyImages(db, [keyId], (deps.sendScreenshots ?? true) && provider.name !== "pseudo"),
      ]);
      const hints = glossaryHints(glossary, source, project.source_language, language);
      const image = images.get(keyId);
      const request = {
        sourceLanguage: project.source_language,
        targetLanguage: language,
        keyName: key.key,
        ...(key.description ? { description: key.description } : {}),
        ...(key.max_length !== null ? { maxLength: key.max_length } : {}),
        sourceText: source,
        otherTranslations,
        placeholders,
        examples:
          (
            await deps.examples?.({
              teamId: project.team_id,
              sourceLanguage: project.source_language,
              targetLanguage: language,
              texts: [{ keyId, text: source }],
            })
          )?.get(keyId) ?? [],
        ...(hints.length > 0 ? { glossary: hints } : {}),
        ...(image ? { image } : {}),
        ...(await loadVoice(db, project.team_id, chosenModel)),
      };
      const glossaryOf = (answer: string) =>
        hints.length === 0 || provider.name === "pseudo"
          ? undefined
          : glossaryProblem(glossary, {
              source,
              answer,
              sourceLanguage: project.source_language,
              language,
            });

      let correction: string | undefined;
      let glossaryRetried = false;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const answer = await provider.complete(correction ? { ...request, correction } : request);
        correction = placeholderProblem(source, answer);
        if (correction === undefined && !glossaryRetried && attempt < ATTEMPTS) {
          correction = glossaryOf(answer);
          if (correction !== undefined) {
            glossaryRetried = true;
            logger.warn({ keyId, language, attempt, correction }, "AI answer missed the glossary");
            continue;
          }
        }
        if (correction === undefined) {
          // The AI answer is input like any other: the same rule as an edit (trailing line breaks, length).
          return strings.save(
            userId,
            keyId,
            language,
            saveStringBodySchema.parse({ value: answer, force: true }),
            provider.name === "pseudo" ? "pseudo" : "ai",
          );
        }
        logger.warn({ keyId, language, attempt, correction }, "AI answer broke placeholders");
      }
      throw new AppError(
        "upstream_failed",
        `Failed to translate: the AI answer ${correction ?? "broke placeholders"}`,
      );
    },
  };
}

export type TranslateService = ReturnType<typeof createTranslateService>;
