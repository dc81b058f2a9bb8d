import { languageName } from "../../shared/languages.ts";
import type {
  BatchTranslationRequest,
  GlossaryHint,
  KeyImage,
  TranslationExample,
  TranslationRequest,
  VoiceContext,
} from "./provider.ts";

/** A part of a user message: text, or an image for endpoints whose models read images. */
export type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | ContentPart[] };

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
  "Follow the team's glossary: translate each glossary term with its approved translation, keep names marked do-not-translate exactly as written, and never use a forbidden word.",
];

/** One glossary term as a line of the prompt. */
export function glossaryLine(hint: GlossaryHint): string {
  const parts = [`"${hint.term}"`];
  if (hint.doNotTranslate) parts.push("do not translate: keep it as written");
  else if (hint.translation) parts.push(`use "${hint.translation}"`);
  if (hint.forbidden) parts.push(`never use "${hint.forbidden}"`);
  if (hint.description) parts.push(`(${hint.description})`);
  return `- ${parts.join(" → ")}`;
}

function glossaryLines(glossary: GlossaryHint[] | undefined): string {
  if (!glossary || glossary.length === 0) return "";
  return `Glossary terms in this text:\n${glossary.map(glossaryLine).join("\n")}`;
}

function imageUrl(image: KeyImage): string {
  return `data:${image.mime};base64,${image.base64}`;
}

/** Where the key's text is on its screenshot, in words. */
export function screenshotNote(image: KeyImage): string {
  const where = image.rect
    ? `inside the rectangle at x ${image.rect.x}, y ${image.rect.y}, ${image.rect.width} × ${image.rect.height} pixels`
    : "somewhere on it";
  return `A screenshot (${image.width} × ${image.height}) shows where the text appears: ${where}. Use it for context (space, tone, what the control does); translate the text, not the picture.`;
}

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
export function translationMessages(request: TranslationRequest): ChatMessage[] {
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
    glossaryLines(request.glossary),
    request.image ? screenshotNote(request.image) : "",
    request.correction ? `Your previous answer was wrong: ${request.correction}` : "",
    `Text:\n${request.sourceText}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return [
    { role: "system", content: system },
    {
      role: "user",
      content: request.image
        ? [
            { type: "text", text: user },
            { type: "image_url", image_url: { url: imageUrl(request.image) } },
          ]
        : user,
    },
  ];
}

/** Images one batch call carries at most; the items past them go without their screenshot. */
export const BATCH_IMAGES_MAX = 8;

/** Marks where the JSON list of items starts in a batch's user message. */
export const BATCH_ITEMS_MARKER = "Items (JSON):\n";

/** The chat messages for a chunk of strings translated in one call. */
export function batchTranslationMessages(request: BatchTranslationRequest): ChatMessage[] {
  const system = [
    "You translate user-interface text of a software product.",
    ...voiceLines(request),
    ...KEEP_FORMAT,
    "Translate every item's text. Each item has its key, the placeholders to keep, and may have a description for translators, a maximum length in characters the translation must not exceed, existing translations in other languages, earlier translations of similar text, the glossary terms its text contains (use them), and the number of an attached screenshot showing where it appears (with the rectangle around it, in pixels).",
    'Answer with JSON only: {"translations": [{"id": "<the item id>", "translation": "<the translated text>"}]}, one entry per item, with the same ids.',
  ].join("\n\n");
  // Each distinct screenshot is attached once, numbered from 1, up to BATCH_IMAGES_MAX.
  const images: KeyImage[] = [];
  const numberOf = new Map<string, number>();
  const screenshotOf = (image: KeyImage | undefined) => {
    if (!image) return undefined;
    // The same picture linked to several keys is attached once (its bytes are its identity).
    const id = image.base64;
    let n = numberOf.get(id);
    if (n === undefined && images.length < BATCH_IMAGES_MAX) {
      images.push(image);
      n = images.length;
      numberOf.set(id, n);
    }
    return n === undefined ? undefined : { number: n, ...(image.rect ? { rect: image.rect } : {}) };
  };
  const items = request.items.map((item) => {
    const screenshot = screenshotOf(item.image);
    return {
      id: item.id,
      key: item.keyName,
      ...(item.description ? { description: item.description } : {}),
      ...(item.maxLength !== undefined ? { maxLength: item.maxLength } : {}),
      text: item.sourceText,
      placeholders: item.placeholders,
      ...(Object.keys(item.otherTranslations).length > 0
        ? { otherTranslations: item.otherTranslations }
        : {}),
      ...(item.examples && item.examples.length > 0 ? { examples: item.examples } : {}),
      ...(item.glossary && item.glossary.length > 0 ? { glossary: item.glossary.map(glossaryLine) } : {}),
      ...(screenshot ? { screenshot } : {}),
    };
  });
  const user = `${languagePair(request)}\n\n${BATCH_ITEMS_MARKER}${JSON.stringify(items)}`;
  return [
    { role: "system", content: system },
    {
      role: "user",
      content:
        images.length === 0
          ? user
          : [
              { type: "text", text: user },
              ...images.flatMap((image, i): ContentPart[] => [
                { type: "text", text: `Screenshot ${i + 1} (${image.width} × ${image.height}):` },
                { type: "image_url", image_url: { url: imageUrl(image) } },
              ]),
            ],
    },
  ];
}
