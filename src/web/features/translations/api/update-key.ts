import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { KeyRow, UpdateKeyBody } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { upsertKey } from "../key-cache.ts";

/**
 * Rename and/or change the description, tags, max length or translatable flag. 409 `conflict` when
 * the new name exists in the project.
 */
export function updateKey(keyId: string, body: UpdateKeyBody): Promise<KeyRow> {
  return api.keys.update({ params: { keyId }, body });
}

export function updateKeyMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.keys.update(),
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
