import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiKey } from "../../../../shared/schemas/api-keys.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The project's API keys, newest first (never the keys themselves). */
export async function listApiKeys(projectId: string): Promise<ApiKey[]> {
  const answer = await api.apiKeys.list({ params: { projectId } });
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
