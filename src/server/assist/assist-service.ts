import type { Kysely } from "kysely";
import { languageName } from "../../shared/languages.ts";
import { detectPlaceholders } from "../../shared/placeholders/detect.ts";
import type { AssistAction, AssistAnswer, AssistBody } from "../../shared/schemas/assist.ts";
import type { AiQuota } from "../ai/ai-quota.ts";
import { placeholderProblem } from "../ai/checks.ts";
import { glossaryHints, glossaryProblem } from "../ai/context.ts";
import type { AssistRequest, TranslationProvider } from "../ai/provider.ts";
import { loadVoice } from "../ai/voice.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { loadGlossaryEntries } from "../glossary/queries.ts";
import type { Logger } from "../logger.ts";
import type { Access } from "../teams/access.ts";
import { selectSavedText } from "./queries.ts";

const ATTEMPTS = 3;

/** What a failed action was trying to do, for 'Failed to …' messages. */
const GOALS: Record<AssistAction, string> = {
  rephrase: "rephrase the text",
  shorten: "shorten the text",
  expand: "expand the text",
  fix_grammar: "fix the grammar",
  match_tone: "match the tone",
};

export const EMPTY_ASSIST_TEXT = "Empty text provided for the writing assistant";

/**
 * The writing assistant (issue 4): rephrase, shorten, expand, fix grammar or match the team's tone
 * of a source-language string. The answer is a suggestion only; nothing is saved, so accepting it
 * goes through the ordinary save (history, conflicts). An answer that drops or invents a
 * placeholder is retried with the correction, then refused.
 */
export function createAssistService(deps: {
  db: Kysely<DB>;
  access: Access;
  provider: TranslationProvider;
  logger: Logger;
  aiQuota: AiQuota;
}) {
  const { db, access, provider, logger, aiQuota } = deps;

  return {
    async assist(userId: string, keyId: string, language: string, body: AssistBody): Promise<AssistAnswer> {
      const { key, project } = await access.key(userId, keyId, "strings.edit");
      const source = project.source_language;
      if (!project.languages.includes(language)) {
        throw new AppError(
          "validation_failed",
          `${languageName(language)} is not a language of this project`,
        );
      }
      if (language !== source) {
        throw new AppError(
          "validation_failed",
          `The writing assistant works on the source language (${languageName(source)}) only`,
        );
      }
      let text = body.text;
      if (text === undefined) {
        const saved = await selectSavedText(db, keyId, source);
        text = saved?.value ?? "";
      }
      if (text.trim() === "") throw new AppError("validation_failed", EMPTY_ASSIST_TEXT);
      await aiQuota(userId, project.team_id);

      const glossary = await loadGlossaryEntries(db, project.team_id);
      const hints = glossaryHints(glossary, text, source, source);
      const request: AssistRequest = {
        action: body.action,
        language,
        keyName: key.key,
        text,
        placeholders: [...new Set(detectPlaceholders(text).map((p) => p.raw))],
        ...(hints.length > 0 ? { glossary: hints } : {}),
        ...(await loadVoice(db, project.team_id, provider.model)),
      };
      let correction: string | undefined;
      // A suggestion that drops a glossary term of the text or uses a forbidden one is asked again
      // once; after that it is shown (a person accepts it or not, and the checks show the problem).
      let glossaryRetried = glossary.length === 0 || provider.name === "pseudo";
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const suggestion = await provider.assist(correction ? { ...request, correction } : request);
        correction = placeholderProblem(text, suggestion);
        if (correction === undefined && !glossaryRetried && attempt < ATTEMPTS) {
          glossaryRetried = true;
          correction = glossaryProblem(glossary, {
            source: undefined,
            original: text,
            answer: suggestion,
            sourceLanguage: source,
            language,
          });
          if (correction !== undefined) continue;
        }
        if (correction === undefined) return { action: body.action, original: text, suggestion };
        logger.warn(
          { keyId, language, action: body.action, attempt, correction },
          "AI suggestion broke placeholders",
        );
      }
      throw new AppError(
        "upstream_failed",
        `Failed to ${GOALS[body.action]}: the AI answer kept breaking placeholders (${correction})`,
      );
    },
  };
}

export type AssistService = ReturnType<typeof createAssistService>;
