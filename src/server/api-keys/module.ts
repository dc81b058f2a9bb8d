import type { Core } from "../modules/feature-module.ts";
import { createKeyGate } from "./authorize.ts";
import { apiKeyRoutes } from "./routes.ts";
import { createApiKeyService } from "./service.ts";

/**
 * Project API keys: Project Settings → API Access, and THE check of every /api/v1 request and MCP
 * tool call (`gate`), which the public API's modules (pull, push, webhooks, the agents' procedures)
 * are given, so each key's scopes and rate limits are checked one way.
 */
export function apiKeysModule({ db, access, limiter, config }: Core) {
  const apiKeys = createApiKeyService({ db, access });
  const gate = createKeyGate({
    apiKeys,
    limiter,
    requestsPerMinute: config.PULL_RATE_LIMIT_PER_MINUTE,
  });
  return { name: "api-keys", routes: apiKeyRoutes(apiKeys), apiKeys, gate, authorize: gate.authorize };
}
