import { apiKeysContract } from "../../shared/contract/api-keys.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ApiKeyService } from "./service.ts";

/** Project Settings → API Access, as `apiKeysContract` declares it (owner only: `projects.manageApiKeys`). */
export function apiKeyRoutes(apiKeys: ApiKeyService) {
  return contractRoutes(apiKeysContract, {
    list: async ({ params }, c) => ({ keys: await apiKeys.list(c.var.user.id, params.projectId) }),
    create: ({ params, body }, c) => apiKeys.create(c.var.user.id, params.projectId, body),
    revoke: ({ params }, c) => apiKeys.revoke(c.var.user.id, params.id),
  });
}
