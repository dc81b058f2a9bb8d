import { z } from "zod";
import { aiStatusSchema, translateBodySchema } from "../schemas/ai.ts";
import { assistAnswerSchema, assistBodySchema } from "../schemas/assist.ts";
import { savedStringSchema } from "../schemas/keys.ts";
import { memorySuggestionListSchema } from "../schemas/memory.ts";
import { pathParams } from "./path-params.ts";
import { aiCall, endpoint, errorsOf, guarded } from "./route.ts";

const ai = endpoint.route({ tags: ["AI"] });
const cell = pathParams("keyId", "lang");

/** AI on one string: which provider answers, and translate and save. */
export const aiContract = {
  status: ai
    .route({ method: "GET", path: "/ai/status", summary: "Which AI provider answers" })
    .errors({ unauthorized: errorsOf[401] })
    .output(aiStatusSchema),
  translate: ai
    .route({
      method: "POST",
      path: "/keys/{keyId}/strings/{lang}/translate",
      summary: "Translate one string with AI and save it (history origin ai)",
      description:
        "Carries the team's product context, brand tone and tone rules, the key name, the source text, other translations of the key and the placeholders to keep. An answer that breaks placeholders is retried, then refused (502) without saving. Counts as one AI request against the per-user and per-team AI limits (429 past them).",
    })
    .errors(aiCall)
    .input(z.object({ params: cell, body: translateBodySchema }))
    .output(savedStringSchema),
};

/** The writing assistant: a suggested rewrite of a source string, never saved. */
export const assistContract = {
  assist: ai
    .route({
      method: "POST",
      path: "/keys/{keyId}/strings/{lang}/assist",
      summary: "Writing assistant: a suggested rewrite of a source-language string (not saved)",
      description:
        "Actions: rephrase, shorten, expand, fix_grammar, match_tone. Works on `text` (the editor's unsaved draft) or, without it, the saved string; only the project's source language. Carries the team's product context, brand tone and tone rules, the key name and the placeholders to keep. An answer that breaks placeholders is retried, then refused (502). Nothing is saved: accept a suggestion by saving it like any edit. Counts as one AI request against the per-user and per-team AI limits (429 past them).",
    })
    .errors(aiCall)
    .input(z.object({ params: cell, body: assistBodySchema }))
    .output(assistAnswerSchema),
};

/** The translation memory of one cell. */
export const memoryContract = {
  suggestions: endpoint
    .route({
      tags: ["Translation memory"],
      method: "GET",
      path: "/keys/{keyId}/strings/{lang}/suggestions",
      summary: "Translation memory: up to 5 translations of identical or similar source texts",
      description:
        "From every project of the key's team with the same source language that has this language: other keys whose source text is identical (100 %) or similar (pg_trgm similarity, at least 30 %) to this key's, with a non-empty translation into `lang`. Identical first, then by similarity; a translation appears once (its best match). A key without source text gets an empty list. `lang` must be a language of the project other than its source language.",
    })
    .errors({ bad_request: errorsOf[400], ...guarded })
    .input(z.object({ params: cell }))
    .output(memorySuggestionListSchema),
};
