import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { assistAnswerSchema, assistBodySchema } from "../../shared/schemas/assist.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { AssistService } from "./assist-service.ts";

const tags = ["AI"];

export function assistRoutes(assist: AssistService) {
  return new Hono<AppEnv>().post(
    "/keys/:keyId/strings/:lang/assist",
    describeRoute({
      tags,
      summary: "Writing assistant: a suggested rewrite of a source-language string (not saved)",
      description:
        "Actions: rephrase, shorten, expand, fix_grammar, match_tone. Works on `text` (the editor's unsaved draft) or, without it, the saved string; only the project's source language. Carries the team's product context, brand tone and tone rules, the key name and the placeholders to keep. An answer that breaks placeholders is retried, then refused (502). Nothing is saved: accept a suggestion by saving it like any edit. Counts as one AI request against the per-user and per-team AI limits (429 past them).",
      responses: {
        200: ok(assistAnswerSchema),
        400: problems[400],
        401: problems[401],
        403: problems[403],
        404: problems[404],
        429: problems[429],
        502: { description: "The AI service failed or answered unusably" },
      },
    }),
    jsonBody(assistBodySchema),
    async (c) =>
      c.json(
        await assist.assist(c.var.user.id, c.req.param("keyId"), c.req.param("lang"), c.req.valid("json")),
      ),
  );
}
