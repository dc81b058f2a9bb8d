import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { aiStatusSchema, translateBodySchema } from "../../shared/schemas/ai.ts";
import { savedStringSchema } from "../../shared/schemas/keys.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { TranslateService } from "./translate-service.ts";

const tags = ["AI"];

export function aiRoutes(translate: TranslateService) {
  return new Hono<AppEnv>()
    .get(
      "/ai/status",
      describeRoute({
        tags,
        summary: "Which AI provider answers",
        responses: { 200: ok(aiStatusSchema), 401: problems[401] },
      }),
      (c) => c.json(translate.status()),
    )
    .post(
      "/keys/:keyId/strings/:lang/translate",
      describeRoute({
        tags,
        summary: "Translate one string with AI and save it (history origin ai)",
        description:
          "Carries the team's product context, brand tone and tone rules, the key name, the source text, other translations of the key and the placeholders to keep. An answer that breaks placeholders is retried, then refused (502) without saving. Counts as one AI request against the per-user and per-team AI limits (429 past them).",
        responses: {
          200: ok(savedStringSchema),
          400: problems[400],
          401: problems[401],
          403: problems[403],
          404: problems[404],
          429: problems[429],
          502: { description: "The AI service failed or answered unusably" },
        },
      }),
      jsonBody(translateBodySchema),
      async (c) =>
        c.json(
          await translate.translate(
            c.var.user.id,
            c.req.param("keyId"),
            c.req.param("lang"),
            c.req.valid("json").model,
          ),
        ),
    );
}
