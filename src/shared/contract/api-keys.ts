import { z } from "zod";
import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from "../schemas/api-keys.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, guarded } from "./route.ts";

const apiKeys = endpoint.route({ tags: ["API keys"] });
const inProject = z.object({ params: pathParams("projectId") });

/** Project Settings → API Access (owner only: `projects.manageApiKeys`). */
export const apiKeysContract = {
  list: apiKeys
    .route({
      method: "GET",
      path: "/projects/{projectId}/api-keys",
      summary: "The project's API keys, newest first",
      description:
        "Never the keys themselves: their first characters, their scopes, when they were made and last used.",
    })
    .errors(guarded)
    .input(inProject)
    .output(apiKeyListSchema),
  create: apiKeys
    .route({
      method: "POST",
      path: "/projects/{projectId}/api-keys",
      successStatus: 201,
      successDescription: "Created; `key` is shown this once",
      summary: "Create an API key for CI (pull, push, webhooks)",
      description:
        "`scopes` (default `[\"pull\"]`): `pull` for `POST /api/v1/pull`, `GET /api/v1/status` and `GET /api/v1/keys`; `push` for `POST /api/v1/push`; `release` for `POST /api/v1/releases`; `webhooks:manage` for the project's webhooks. A request without the scope it needs gets 403. The answer's `key` is the only time the key is shown; only its SHA-256 is stored. Send it as the `x-api-key` header.",
    })
    .errors(changing)
    .input(inProject.extend({ body: createApiKeyBodySchema }))
    .output(createdApiKeySchema),
  revoke: apiKeys
    .route({
      method: "DELETE",
      path: "/api-keys/{id}",
      successStatus: 204,
      successDescription: "Revoked",
      summary: "Revoke an API key",
      description: "Every request made with it gets 401 from now on.",
    })
    .errors(guarded)
    .input(z.object({ params: pathParams("id") })),
};
