import type { Core } from "../modules/feature-module.ts";
import { apiKeyRoutes } from "./routes.ts";
import { createApiKeyService } from "./service.ts";

export function apiKeysModule({ db, access }: Core) {
  const apiKeys = createApiKeyService({ db, access });
  return { name: "api-keys", routes: apiKeyRoutes(apiKeys), apiKeys };
}
