import type { Core } from "../modules/feature-module.ts";
import { createKeyAuthorizer } from "./authorize.ts";
import { apiKeyRoutes } from "./routes.ts";
import { createApiKeyService } from "./service.ts";

/**
 * Project API keys: Project Settings → API Access, and THE check of every /api/v1 request
 * (`authorize`), which the public API's modules (pull, push, webhooks) are given, so each key's
 * scopes and rate limits are checked one way.
 */
export function apiKeysModule({ db, access, limiter, config }: Core) {
  const apiKeys = createApiKeyService({ db, access });
  const authorize = createKeyAuthorizer({
    apiKeys,
    limiter,
    requestsPerMinute: config.PULL_RATE_LIMIT_PER_MINUTE,
  });
  return { name: "api-keys", routes: apiKeyRoutes(apiKeys), apiKeys, authorize };
}
