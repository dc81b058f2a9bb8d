import { describeRoute } from "hono-openapi";
import { stringsContract } from "../../shared/contract/strings.ts";
import { stringConflictSchema } from "../../shared/schemas/keys.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { ok } from "../http/openapi.ts";
import type { StringService } from "./service.ts";

/**
 * The 409 of a save is more than the error shape: it carries the current cell. The contract
 * documents errors as the error shape only, so this entry (merged over it) keeps the reference exact.
 */
const conflictAnswer = describeRoute({
  responses: { 409: ok(stringConflictSchema, "Changed by someone else meanwhile") },
});

/** The strings of a project's keys, as `stringsContract` declares them; the service checks each permission. */
export function stringRoutes(strings: StringService) {
  return contractRoutes(stringsContract, {
    clearLanguage: async ({ params }, c) => ({
      deleted: await strings.clearLanguage(c.var.user.id, params.projectId, params.lang),
    }),
    save: {
      use: [conflictAnswer],
      handle: ({ params, body }, c) => strings.save(c.var.user.id, params.keyId, params.lang, body),
    },
    history: async ({ params }, c) => ({
      entries: await strings.history(c.var.user.id, params.keyId, params.lang),
    }),
    restore: ({ params, body }, c) =>
      strings.restore(c.var.user.id, params.keyId, params.lang, body.historyId),
  });
}
