import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiKey } from "../../../../shared/schemas/api-keys.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Pulls with the key get 401 from now on. */
export function revokeApiKey(keyId: string): Promise<void> {
  return api.apiKeys.revoke({ params: { id: keyId } }).then(() => undefined);
}

export function revokeApiKeyMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.projects.revokeApiKey(),
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
  });
}

export function useRevokeApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...revokeApiKeyMutationOptions(),
    onSuccess: (_answer, key) => {
      queryClient.setQueryData<ApiKey[]>(queryKeys.projectApiKeys(projectId), (old) =>
        old ? old.filter((k) => k.id !== key.id) : old,
      );
    },
  });
}
