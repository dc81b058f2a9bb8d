import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiKey, apiKeyListSchema } from "../../../../shared/schemas/api-keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** GET /api/projects/:id/api-keys: the project's API keys, newest first (never the keys themselves). */
export async function listApiKeys(projectId: string): Promise<ApiKey[]> {
  const answer = await apiRequest(
    `/api/projects/${encodeURIComponent(projectId)}/api-keys`,
    apiKeyListSchema,
  );
  return answer.keys;
}

export function apiKeysQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectApiKeys(projectId),
    queryFn: () => listApiKeys(projectId),
    // "Last used" moves with every CI pull: fetch again whenever the section opens.
    staleTime: 0,
  });
}

export function useApiKeys(projectId: string) {
  return useQuery(apiKeysQueryOptions(projectId));
}
