import { z } from "zod";
import {
  clearLanguageAnswerSchema,
  historySchema,
  restoreBodySchema,
  savedStringSchema,
  saveStringBodySchema,
  stringConflictSchema,
} from "../schemas/keys.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint } from "./route.ts";

const strings = endpoint.route({ tags: ["Strings"] });
const cell = z.object({ params: pathParams("keyId", "lang") });

/** The strings of a project's keys, one cell (key × language) at a time, each change kept in history. */
export const stringsContract = {
  clearLanguage: strings
    .route({
      method: "DELETE",
      path: "/projects/{projectId}/strings/{lang}",
      summary: "Delete all translations of a language (each stays in its cell's history)",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("projectId", "lang") }))
    .output(clearLanguageAnswerSchema),
  save: strings
    .route({
      method: "PUT",
      path: "/keys/{keyId}/strings/{lang}",
      summary: "Save one string (kept in history)",
      description:
        "Send `baseVersion`, the version the edit started from. If someone saved in between, the answer is 409 with the current cell; send again with `force: true` to overwrite.",
    })
    .errors({
      ...changing,
      // Not only the error: the whole answer (the error and the current cell) is this schema.
      conflict: { status: 409, message: "Changed by someone else meanwhile", data: stringConflictSchema },
    })
    .input(cell.extend({ body: saveStringBodySchema }))
    .output(savedStringSchema),
  history: strings
    .route({
      method: "GET",
      path: "/keys/{keyId}/strings/{lang}/history",
      summary: "Every value this string has had, newest first",
    })
    .errors(changing)
    .input(cell)
    .output(historySchema),
  restore: strings
    .route({
      method: "POST",
      path: "/keys/{keyId}/strings/{lang}/restore",
      summary: "Restore an older value as a new version",
    })
    .errors(changing)
    .input(cell.extend({ body: restoreBodySchema }))
    .output(savedStringSchema),
};
