import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type KeyRow, keyRowSchema, type UpdateKeyBody } from "../../../../shared/schemas/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { upsertKey } from "../key-cache.ts";

/**
 * PATCH /api/keys/:id: rename and/or change the description, tags, max length or translatable
 * flag. 409 `conflict` when the new name exists in the project.
 */
export function updateKey(keyId: string, body: UpdateKeyBody): Promise<KeyRow> {
  return apiRequest(`/api/keys/${encodeURIComponent(keyId)}`, keyRowSchema, { method: "PATCH", body });
}

export function updateKeyMutationOptions() {
  return mutationOptions({
    mutationKey: ["keys", "update"],
    mutationFn: ({ keyId, ...body }: UpdateKeyBody & { keyId: string }) => updateKey(keyId, body),
  });
}

export function useUpdateKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateKeyMutationOptions(),
    onSuccess: (row) => upsertKey(queryClient, projectId, row),
  });
}
