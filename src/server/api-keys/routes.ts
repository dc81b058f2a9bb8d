import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  apiKeyListSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from "../../shared/schemas/api-keys.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { ApiKeyService } from "./service.ts";

const tags = ["API keys"];
const guarded = { 401: problems[401], 403: problems[403], 404: problems[404] };

/** Project Settings → API Access (owner only: `projects.manageApiKeys`). */
export function apiKeyRoutes(apiKeys: ApiKeyService) {
  return new Hono<AppEnv>()
    .get(
      "/projects/:projectId/api-keys",
      describeRoute({
        tags,
        summary: "The project's API keys, newest first",
        description: "Never the keys themselves: their first characters, when they were made and last used.",
        responses: { 200: ok(apiKeyListSchema), ...guarded },
      }),
      async (c) => c.json({ keys: await apiKeys.list(c.var.user.id, c.req.param("projectId")) }),
    )
    .post(
      "/projects/:projectId/api-keys",
      describeRoute({
        tags,
        summary: "Create an API key for the pull API",
        description:
          "The answer's `key` is the only time the key is shown; only its SHA-256 is stored. Send it as the `x-api-key` header of `POST /api/v1/pull`.",
        responses: {
          201: ok(createdApiKeySchema, "Created; `key` is shown this once"),
          400: problems[400],
          ...guarded,
        },
      }),
      jsonBody(createApiKeyBodySchema),
      async (c) =>
        c.json(await apiKeys.create(c.var.user.id, c.req.param("projectId"), c.req.valid("json")), 201),
    )
    .delete(
      "/api-keys/:id",
      describeRoute({
        tags,
        summary: "Revoke an API key",
        description: "Pull requests with it get 401 from now on.",
        responses: { 204: { description: "Revoked" }, ...guarded },
      }),
      async (c) => {
        await apiKeys.revoke(c.var.user.id, c.req.param("id"));
        return c.body(null, 204);
      },
    );
}
