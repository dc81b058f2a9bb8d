import { z } from "zod";
import {
  createKeysAnswerSchema,
  createKeysBodySchema,
  findMissingKeysBodySchema,
  KEYS_PER_CALL,
  keySearchAnswerSchema,
  keySearchQuerySchema,
  missingKeysAnswerSchema,
  renamedKeyAnswerSchema,
  renameKeyRequestSchema,
  SCANNED_FILES_MAX,
  SCANNED_TEXT_MAX,
  sourceTextsAnswerSchema,
  sourceTextsBodySchema,
} from "../schemas/v1-developer.ts";
import { ANY_KEY_SCOPE, keyErrors, withKey } from "./key-endpoint.ts";
import { errorsOf } from "./route.ts";

/**
 * The public API's developer procedures (issue 36), key scope: push. Each has an `operationId`, its
 * MCP tool name, and a summary and description written for an agent.
 */

const tags = { tags: ["Developer API"] };
const anyKey = withKey(ANY_KEY_SCOPE).route(tags);
const push = withKey("push").route(tags);
/** Reading code needs no write: a CI job's pull key may ask too. */
const pushOrPull = withKey(["push", "pull"]).route(tags);

const changing = { bad_request: errorsOf[400], ...keyErrors } as const;
/** Keys named that the project does not have. */
const unknownKeys = { ...changing, not_found: errorsOf[404] } as const;
const nameTaken = {
  ...unknownKeys,
  conflict: { status: 409, message: "A key with this name already exists in this project" },
} as const;

export const developerContract = {
  searchKeys: anyKey
    .route({
      method: "GET",
      path: "/v1/keys/search",
      operationId: "search_keys",
      summary: "Search the project's keys",
      description:
        "Find keys by text in their name, texts or description, and/or by tags and file (namespace); paged in name order (`cursor`, `nextCursor`). Each key comes with its description, max length, tags, source text and, per target language, whether it is translated, unverified or missing. Use it before creating keys, to reuse one that says the same thing.",
    })
    .errors(changing)
    .input(z.object({ query: keySearchQuerySchema }))
    .output(keySearchAnswerSchema),
  createKeys: push
    .route({
      method: "POST",
      path: "/v1/keys",
      operationId: "create_keys",
      summary: "Create keys with their source texts",
      description: `Add up to ${KEYS_PER_CALL} keys in one call, each with its source text and optionally a description (say where the text shows: translators and the AI read it), max length, tags and file (namespace). All or nothing: a name the project has (409) or one given twice or invalid (400) is named and nothing is created. \`dryRun\`: see what would be created.`,
    })
    .errors(nameTaken)
    .input(z.object({ body: createKeysBodySchema }))
    .output(createKeysAnswerSchema),
  setSourceTexts: push
    .route({
      method: "POST",
      path: "/v1/keys/source-texts",
      operationId: "set_source_texts",
      summary: "Set the source texts of keys",
      description: `Write the source-language text of up to ${KEYS_PER_CALL} existing keys (by name). All or nothing: an unknown key is named (404) and nothing changes. History records it with your client's name; the keys' translations are checked again against the new text. \`dryRun\`: see what would change.`,
    })
    .errors(unknownKeys)
    .input(z.object({ body: sourceTextsBodySchema }))
    .output(sourceTextsAnswerSchema),
  renameKey: push
    .route({
      method: "POST",
      path: "/v1/keys/rename",
      operationId: "rename_key",
      summary: "Rename a key",
      description:
        "Give a key a new name; its texts, history, comments and screenshots stay with it. 409 when another key has the new name. Rename the key in the code too. `dryRun`: check only.",
    })
    .errors(nameTaken)
    .input(z.object({ body: renameKeyRequestSchema }))
    .output(renamedKeyAnswerSchema),
  findMissingKeys: pushOrPull
    .route({
      method: "POST",
      path: "/v1/keys/missing",
      operationId: "find_missing_keys",
      summary: "Find keys the code uses that the project lacks",
      description: `Send source files' contents: answers the keys they use (by the rules of \`sprog check\`: i18next and vue-i18n t()/$t(), i18nKey, react-intl, Android R.string/@string, iOS NSLocalizedString/String(localized:), plus your \`patterns\`) that the project does not have, each with its file and line. At most ${SCANNED_FILES_MAX} files and ${SCANNED_TEXT_MAX.toLocaleString("en")} characters a call. Changes nothing.`,
    })
    .errors(changing)
    .input(z.object({ body: findMissingKeysBodySchema }))
    .output(missingKeysAnswerSchema),
};
