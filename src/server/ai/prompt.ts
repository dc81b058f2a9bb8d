import { languageName } from "../../shared/languages.ts";
import type {
  BatchTranslationRequest,
  TranslationExample,
  TranslationRequest,
  VoiceContext,
} from "./provider.ts";

/** The part of every system message that carries the team's voice. */
export function voiceLines(voice: VoiceContext): string[] {
  const rules = voice.toneRules.length > 0 ? voice.toneRules.map((rule) => `- ${rule}`).join("\n") : "(none)";
  return [
    `Product context: ${voice.productContext}`,
    `Brand tone: ${voice.brandTone}`,
    `Tone rules:\n${rules}`,
  ];
}

const KEEP_FORMAT = [
  "Keep every placeholder exactly as written, the same number of times; do not add placeholders.",
  "Keep leading and trailing whitespace and line breaks. Do not add quotes or explanations.",
];

function languagePair(request: { sourceLanguage: string; targetLanguage: string }): string {
  return `Translate from ${languageName(request.sourceLanguage)} (${request.sourceLanguage}) to ${languageName(request.targetLanguage)} (${request.targetLanguage}).`;
}

function exampleLines(examples: TranslationExample[] | undefined): string {
  if (!examples || examples.length === 0) return "";
  return `Earlier translations of similar text (follow their wording):\n${examples
    .map((e) => `${e.similarity}%: ${e.source} => ${e.translation}`)
    .join("\n")}`;
}

/** The chat messages for one translation: system (rules, context, tone), user (the string). */
export function translationMessages(request: TranslationRequest) {
  const system = [
    "You translate user-interface text of a software product.",
    ...voiceLines(request),
    ...KEEP_FORMAT,
    'Answer with JSON only: {"translation": "<the translated text>"}',
  ].join("\n\n");
  const others = Object.entries(request.otherTranslations);
  const user = [
    languagePair(request),
    `Key: ${request.keyName}`,
    request.description ? `Description: ${request.description}` : "",
    request.maxLength !== undefined
      ? `Maximum length: ${request.maxLength} characters (the translation must not be longer)`
      : "",
    `Placeholders to keep: ${request.placeholders.length > 0 ? request.placeholders.join(" ") : "(none)"}`,
    others.length > 0
      ? `Existing translations of this key:\n${others.map(([l, v]) => `${l}: ${v}`).join("\n")}`
      : "",
    exampleLines(request.examples),
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

/** Marks where the JSON list of items starts in a batch's user message. */
export const BATCH_ITEMS_MARKER = "Items (JSON):\n";

/** The chat messages for a chunk of strings translated in one call. */
export function batchTranslationMessages(request: BatchTranslationRequest) {
  const system = [
    "You translate user-interface text of a software product.",
    ...voiceLines(request),
    ...KEEP_FORMAT,
    "Translate every item's text. Each item has its key, the placeholders to keep, and may have a description for translators, a maximum length in characters the translation must not exceed, existing translations in other languages and earlier translations of similar text.",
    'Answer with JSON only: {"translations": [{"id": "<the item id>", "translation": "<the translated text>"}]}, one entry per item, with the same ids.',
  ].join("\n\n");
  const items = request.items.map((item) => ({
    id: item.id,
    key: item.keyName,
    ...(item.description ? { description: item.description } : {}),
    ...(item.maxLength !== undefined ? { maxLength: item.maxLength } : {}),
    text: item.sourceText,
    placeholders: item.placeholders,
    ...(Object.keys(item.otherTranslations).length > 0 ? { otherTranslations: item.otherTranslations } : {}),
    ...(item.examples && item.examples.length > 0 ? { examples: item.examples } : {}),
  }));
  const user = `${languagePair(request)}\n\n${BATCH_ITEMS_MARKER}${JSON.stringify(items)}`;
  return [
    { role: "system" as const, content: system },
    { role: "user" as const, content: user },
  ];
}
