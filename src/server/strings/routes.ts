import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  clearLanguageAnswerSchema,
  historySchema,
  restoreBodySchema,
  savedStringSchema,
  saveStringBodySchema,
  stringConflictSchema,
} from "../../shared/schemas/keys.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { StringService } from "./service.ts";

const tags = ["Strings"];
const guarded = { 400: problems[400], 401: problems[401], 403: problems[403], 404: problems[404] };

export function stringRoutes(strings: StringService) {
  return new Hono<AppEnv>()
    .delete(
      "/projects/:id/strings/:lang",
      describeRoute({
        tags,
        summary: "Delete all translations of a language (each stays in its cell's history)",
        responses: { 200: ok(clearLanguageAnswerSchema), ...guarded },
      }),
      async (c) =>
        c.json({
          deleted: await strings.clearLanguage(c.var.user.id, c.req.param("id"), c.req.param("lang")),
        }),
    )
    .put(
      "/keys/:keyId/strings/:lang",
      describeRoute({
        tags,
        summary: "Save one string (kept in history)",
        description:
          "Send `baseVersion`, the version the edit started from. If someone saved in between, the answer is 409 with the current cell; send again with `force: true` to overwrite.",
        responses: {
          200: ok(savedStringSchema),
          409: ok(stringConflictSchema, "Changed by someone else meanwhile"),
          ...guarded,
        },
      }),
      jsonBody(saveStringBodySchema),
      async (c) =>
        c.json(
          await strings.save(c.var.user.id, c.req.param("keyId"), c.req.param("lang"), c.req.valid("json")),
        ),
    )
    .get(
      "/keys/:keyId/strings/:lang/history",
      describeRoute({
        tags,
        summary: "Every value this string has had, newest first",
        responses: { 200: ok(historySchema), ...guarded },
      }),
      async (c) =>
        c.json({ entries: await strings.history(c.var.user.id, c.req.param("keyId"), c.req.param("lang")) }),
    )
    .post(
      "/keys/:keyId/strings/:lang/restore",
      describeRoute({
        tags,
        summary: "Restore an older value as a new version",
        responses: { 200: ok(savedStringSchema), ...guarded },
      }),
      jsonBody(restoreBodySchema),
      async (c) =>
        c.json(
          await strings.restore(
            c.var.user.id,
            c.req.param("keyId"),
            c.req.param("lang"),
            c.req.valid("json").historyId,
          ),
        ),
    );
}
