import { languageName } from "../../shared/languages.ts";
import type { TranslationRequest } from "./provider.ts";

/** The chat messages for one translation: system (rules, context, tone), user (the string). */
export function translationMessages(request: TranslationRequest) {
  const rules =
    request.toneRules.length > 0 ? request.toneRules.map((rule) => `- ${rule}`).join("\n") : "(none)";
  const system = [
    "You translate user-interface text of a software product.",
    `Product context: ${request.productContext}`,
    `Brand tone: ${request.brandTone}`,
    `Tone rules:\n${rules}`,
    "Keep every placeholder exactly as written, the same number of times; do not add placeholders.",
    "Keep leading and trailing whitespace and line breaks. Do not add quotes or explanations.",
    'Answer with JSON only: {"translation": "<the translated text>"}',
  ].join("\n\n");
  const others = Object.entries(request.otherTranslations);
  const user = [
    `Translate from ${languageName(request.sourceLanguage)} (${request.sourceLanguage}) to ${languageName(request.targetLanguage)} (${request.targetLanguage}).`,
    `Key: ${request.keyName}`,
    `Placeholders to keep: ${request.placeholders.length > 0 ? request.placeholders.join(" ") : "(none)"}`,
    others.length > 0
      ? `Existing translations of this key:\n${others.map(([l, v]) => `${l}: ${v}`).join("\n")}`
      : "",
    request.correction ? `Your previous answer was wrong: ${request.correction}` : "",
    `Text:\n${request.sourceText}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return [
    { role: "system" as const, content: system },
    { role: "user" as const, content: user },
  ];
}
