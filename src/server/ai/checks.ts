import { languageName } from "../../shared/languages.ts";
import { comparePlaceholders } from "../../shared/placeholders/check.ts";
import { AI_MODELS } from "../../shared/schemas/ai.ts";
import { AppError } from "../errors.ts";
import type { ProjectRow } from "../teams/access.ts";
import type { TranslationProvider } from "./provider.ts";

/** A target language must be one of the project's, and not its source. */
export function assertTargetLanguage(project: ProjectRow, language: string): void {
  if (!language) throw new AppError("validation_failed", "No target language specified");
  if (!project.languages.includes(language)) {
    throw new AppError("validation_failed", `${languageName(language)} is not a language of this project`);
  }
  if (language === project.source_language) {
    throw new AppError("validation_failed", "The source language is not translated; pick another language");
  }
}

/** The model asked for (one the UI offers, or the configured one), else the configured one. */
export function resolveModel(provider: TranslationProvider, model: string | undefined): string {
  if (model === undefined) return provider.model;
  if (!(AI_MODELS as readonly string[]).includes(model) && model !== provider.model) {
    throw new AppError("validation_failed", `Unknown model: ${model}`);
  }
  return model;
}

/**
 * What is wrong with an answer's placeholders, said so the model can correct it; undefined when the
 * answer keeps exactly the source's placeholders.
 */
export function placeholderProblem(source: string, answer: string): string | undefined {
  const check = comparePlaceholders(source, answer);
  if (check.matches) return undefined;
  return [
    check.missing.length > 0 ? `it dropped ${check.missing.join(" ")}` : "",
    check.extra.length > 0 ? `it invented ${check.extra.join(" ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}
