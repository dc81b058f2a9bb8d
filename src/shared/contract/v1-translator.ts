import { z } from "zod";
import {
  keyContextQuerySchema,
  keyContextSchema,
  keysToTranslateSchema,
  listKeysToTranslateQuerySchema,
  setTranslationsAnswerSchema,
  setTranslationsBodySchema,
  TRANSLATIONS_PER_CALL_MAX,
} from "../schemas/v1-translator.ts";
import { keyErrors, withKey } from "./key-endpoint.ts";
import { errorsOf } from "./route.ts";

/**
 * The public API's translator procedures (issue 36), key scope: translate. Each has an `operationId`, its
 * MCP tool name, and a summary and description written for an agent.
 */

const translate = withKey("translate").route({ tags: ["Translator API"] });
/** A key's context is what a reviewer reads before a verdict too. */
const translateOrReview = withKey(["translate", "review"]).route({ tags: ["Translator API"] });

export const translatorContract = {
  listKeysToTranslate: translate
    .route({
      method: "GET",
      path: "/v1/translations/keys",
      operationId: "list_keys_to_translate",
      summary: "List the keys a language still needs",
      description: [
        "Start here to translate: the keys of one target language that are missing a text (state missing), hold machine output no person has checked (unverified), or fail a quality check (failing_checks), with each key's source text, description, max length, current text and the checks it fails.",
        "Paged in key name order: pass nextCursor back as cursor until it is null. Then read get_key_context for keys that need more context, and write with set_translations.",
      ].join("\n\n"),
    })
    .errors({ bad_request: errorsOf[400], ...keyErrors })
    .input(z.object({ query: listKeysToTranslateQuerySchema }))
    .output(keysToTranslateSchema),
  keyContext: translateOrReview
    .route({
      method: "GET",
      path: "/v1/translations/context",
      operationId: "get_key_context",
      summary: "Everything about one key a translator should know",
      description: [
        "One key's source text, description, max length, tags and file; its text in each target language (or the one given) with the quality checks it fails; the glossary terms in its source with their approved translations; the team's tone of voice; its comments; translation memory suggestions; and its screenshots (the MCP answer carries the first few images).",
        "Read it before translating a key whose meaning is unclear, and follow the glossary and the tone.",
      ].join("\n\n"),
    })
    .errors({ bad_request: errorsOf[400], not_found: errorsOf[404], ...keyErrors })
    .input(z.object({ query: keyContextQuerySchema }))
    .output(keyContextSchema),
  setTranslations: translate
    .route({
      method: "POST",
      path: "/v1/translations",
      operationId: "set_translations",
      summary: "Write translations (they land as unverified AI output)",
      description: [
        `Writes 1-${TRANSLATIONS_PER_CALL_MAX} translations in one transaction. Each lands as machine output ("AI · unverified") with your name in its history, for a person to review; nothing is ever approved by writing.`,
        "The answer lists, per text, the quality checks it fails (placeholders, markup, glossary terms, max length…): fix those and write again. A key the project lacks, a language that is not a target language of the project, or the source language refuses the whole call and writes nothing (source texts are set with set_source_texts and a push key). dryRun: true checks the texts and answers what would be written, writing nothing.",
      ].join("\n\n"),
    })
    .errors({ bad_request: errorsOf[400], ...keyErrors })
    .input(z.object({ body: setTranslationsBodySchema }))
    .output(setTranslationsAnswerSchema),
};
