import type { Kysely } from "kysely";
import { languageName } from "../../shared/languages.ts";
import { comparePlaceholders } from "../../shared/placeholders/check.ts";
import { detectPlaceholders } from "../../shared/placeholders/detect.ts";
import { AI_MODELS, type AiStatus, PSEUDO_NOTICE } from "../../shared/schemas/ai.ts";
import type { SavedString } from "../../shared/schemas/keys.ts";
import { DEFAULT_PRODUCT_CONTEXT, DEFAULT_TONE } from "../../shared/schemas/tone.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { StringService } from "../strings/service.ts";
import type { Access } from "../teams/access.ts";
import type { TranslationProvider } from "./provider.ts";

const ATTEMPTS = 3;

export function createTranslateService(deps: {
  db: Kysely<DB>;
  access: Access;
  strings: StringService;
  provider: TranslationProvider;
  logger: Logger;
}) {
  const { db, access, strings, provider, logger } = deps;

  /** Every rule of the team's tone sections, each with its section's title for context. */
  async function toneRules(teamId: string): Promise<string[]> {
    const sections = await db
      .selectFrom("tone_sections")
      .select(["title", "rules"])
      .where("team_id", "=", teamId)
      .orderBy("position")
      .orderBy("created_at")
      .execute();
    return sections.flatMap((section) => section.rules.map((rule) => `${section.title}: ${rule}`));
  }

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
     */
    async translate(userId: string, keyId: string, language: string, model?: string): Promise<SavedString> {
      const { key, project } = await access.key(userId, keyId, "strings.edit");
      if (!language) throw new AppError("validation_failed", "No target language specified");
      if (!project.languages.includes(language)) {
        throw new AppError(
          "validation_failed",
          `${languageName(language)} is not a language of this project`,
        );
      }
      if (language === project.source_language) {
        throw new AppError(
          "validation_failed",
          "The source language is not translated; pick another language",
        );
      }
      if (
        model !== undefined &&
        !(AI_MODELS as readonly string[]).includes(model) &&
        model !== provider.model
      ) {
        throw new AppError("validation_failed", `Unknown model: ${model}`);
      }
      const rows = await db
        .selectFrom("translation_strings")
        .select(["language_code", "value"])
        .where("key_id", "=", keyId)
        .execute();
      const source = rows.find((r) => r.language_code === project.source_language)?.value;
      if (source === undefined) throw new AppError("validation_failed", "No source text found");
      if (source.trim() === "")
        throw new AppError("validation_failed", "Empty text provided for translation");
      const team = await db
        .selectFrom("teams")
        .select(["tov_tone", "tov_product_context"])
        .where("id", "=", project.team_id)
        .executeTakeFirstOrThrow();
      const otherTranslations = Object.fromEntries(
        rows
          .filter(
            (r) => r.language_code !== project.source_language && r.language_code !== language && r.value,
          )
          .map((r) => [r.language_code, r.value]),
      );
      const placeholders = [...new Set(detectPlaceholders(source).map((p) => p.raw))];
      const request = {
        sourceLanguage: project.source_language,
        targetLanguage: language,
        keyName: key.key,
        sourceText: source,
        otherTranslations,
        placeholders,
        productContext: team.tov_product_context ?? DEFAULT_PRODUCT_CONTEXT,
        brandTone: team.tov_tone ?? DEFAULT_TONE,
        toneRules: await toneRules(project.team_id),
        model: model ?? provider.model,
      };

      let correction: string | undefined;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const answer = await provider.complete(correction ? { ...request, correction } : request);
        const check = comparePlaceholders(source, answer);
        if (check.matches) {
          return strings.save(userId, keyId, language, { value: answer, force: true }, "ai");
        }
        correction = [
          check.missing.length > 0 ? `it dropped ${check.missing.join(" ")}` : "",
          check.extra.length > 0 ? `it invented ${check.extra.join(" ")}` : "",
        ]
          .filter(Boolean)
          .join("; ");
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
