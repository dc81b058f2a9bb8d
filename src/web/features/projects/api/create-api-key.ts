import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from "../../../../shared/schemas/api-keys.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** The answer's `key` is the only time the key is shown. */
export function createApiKey(projectId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return api.apiKeys.create({ params: { projectId }, body });
}

export function createApiKeyMutationOptions(projectId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.projects.createApiKey(projectId),
    mutationFn: (body: CreateApiKeyBody) => createApiKey(projectId, body),
  });
}

export function useCreateApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createApiKeyMutationOptions(projectId),
    onSuccess: ({ key: _secret, ...created }) => {
      // The list never holds the key itself.
      queryClient.setQueryData<ApiKey[]>(queryKeys.projectApiKeys(projectId), (old) =>
        old ? [created, ...old.filter((k) => k.id !== created.id)] : old,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.projectApiKeys(projectId) });
    },
  });
}
