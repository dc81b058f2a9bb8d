import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { memorySuggestionListSchema } from "../../shared/schemas/memory.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import type { MemoryService } from "./memory-service.ts";

const tags = ["Translation memory"];

export function memoryRoutes(memory: MemoryService) {
  return new Hono<AppEnv>().get(
    "/keys/:keyId/strings/:lang/suggestions",
    describeRoute({
      tags,
      summary: "Translation memory: up to 5 translations of identical or similar source texts",
      description:
        "From every project of the key's team with the same source language that has this language: other keys whose source text is identical (100 %) or similar (pg_trgm similarity, at least 30 %) to this key's, with a non-empty translation into `lang`. Identical first, then by similarity; a translation appears once (its best match). A key without source text gets an empty list. `lang` must be a language of the project other than its source language.",
      responses: {
        200: ok(memorySuggestionListSchema),
        400: problems[400],
        401: problems[401],
        403: problems[403],
        404: problems[404],
      },
    }),
    async (c) =>
      c.json({
        suggestions: await memory.suggestions(c.var.user.id, c.req.param("keyId"), c.req.param("lang")),
      }),
  );
}
