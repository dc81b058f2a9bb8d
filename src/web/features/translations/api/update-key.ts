import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type KeyRow, keyRowSchema } from "../../../../shared/schemas/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { upsertKey } from "../key-cache.ts";

/** PATCH /api/keys/:id {key}: 409 `conflict` when the new name exists in the project. */
export function renameKey(keyId: string, key: string): Promise<KeyRow> {
  return apiRequest(`/api/keys/${encodeURIComponent(keyId)}`, keyRowSchema, {
    method: "PATCH",
    body: { key },
  });
}

export function renameKeyMutationOptions() {
  return mutationOptions({
    mutationKey: ["keys", "rename"],
    mutationFn: ({ keyId, key }: { keyId: string; key: string }) => renameKey(keyId, key),
  });
}

export function useRenameKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...renameKeyMutationOptions(),
    onSuccess: (row) => upsertKey(queryClient, projectId, row),
  });
}
