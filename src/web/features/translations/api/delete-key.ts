import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { removeKey } from "../key-cache.ts";

export function deleteKey(keyId: string): Promise<void> {
  return api.keys.remove({ params: { keyId } }).then(() => undefined);
}

export function deleteKeyMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.keys.remove(), mutationFn: deleteKey });
}

export function useDeleteKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteKeyMutationOptions(),
    onSuccess: async (_answer, keyId) => {
      removeKey(queryClient, projectId, keyId);
      await queryClient.invalidateQueries({ queryKey: queryKeys.projectCompletion(projectId) });
    },
  });
}
