import { languageName } from "../../shared/languages.ts";
import { type ChatMessage, glossaryLine, voiceLines } from "./prompt.ts";
import type { AssistRequest } from "./provider.ts";

/** What each action asks of the model (the first line of the user message). */
export const ASSIST_INSTRUCTIONS: Record<AssistRequest["action"], string> = {
  rephrase: "Rephrase the text: say the same thing in different words, about as long.",
  shorten: "Shorten the text: keep its meaning, use fewer words.",
  expand: "Expand the text: make it clearer and more helpful, a little longer, without padding.",
  fix_grammar:
    "Fix spelling, grammar and punctuation only; change nothing else. If the text is already correct, answer it unchanged.",
  match_tone: "Rewrite the text so it follows the brand tone and tone rules exactly.",
};

/** The chat messages for one writing-assistant action on a source string. */
export function assistMessages(request: AssistRequest): ChatMessage[] {
  const system = [
    "You edit user-interface text of a software product.",
    ...voiceLines(request),
    "Keep every placeholder exactly as written, the same number of times; do not add placeholders.",
    "Keep leading and trailing whitespace and line breaks. Do not add quotes or explanations.",
    `Write in ${languageName(request.language)} (${request.language}).`,
    'Answer with JSON only: {"suggestion": "<the rewritten text>"}',
  ].join("\n\n");
  const user = [
    ASSIST_INSTRUCTIONS[request.action],
    `Key: ${request.keyName}`,
    `Placeholders to keep: ${request.placeholders.length > 0 ? request.placeholders.join(" ") : "(none)"}`,
    request.glossary && request.glossary.length > 0
      ? `Glossary terms in this text (keep them as written; never use a forbidden word):\n${request.glossary.map(glossaryLine).join("\n")}`
      : "",
    request.correction ? `Your previous answer was wrong: ${request.correction}` : "",
    `Text:\n${request.text}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}
