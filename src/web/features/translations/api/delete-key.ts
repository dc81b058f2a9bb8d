import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequestVoid } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { removeKey } from "../key-cache.ts";

/** DELETE /api/keys/:id (204). */
export function deleteKey(keyId: string): Promise<void> {
  return apiRequestVoid(`/api/keys/${encodeURIComponent(keyId)}`, { method: "DELETE" });
}

export function deleteKeyMutationOptions() {
  return mutationOptions({ mutationKey: ["keys", "delete"], mutationFn: deleteKey });
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
