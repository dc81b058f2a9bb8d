import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateKeyBody, KeyRow } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { upsertKey } from "../key-cache.ts";

/** 409 `conflict` when the name exists in the project. */
export function createKey(projectId: string, body: CreateKeyBody): Promise<KeyRow> {
  return api.keys.create({ params: { projectId: projectId }, body });
}

export function createKeyMutationOptions(projectId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.keys.create(projectId),
    mutationFn: (body: CreateKeyBody) => createKey(projectId, body),
  });
}

export function useCreateKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createKeyMutationOptions(projectId),
    onSuccess: async (row) => {
      upsertKey(queryClient, projectId, row);
      await queryClient.invalidateQueries({ queryKey: queryKeys.projectCompletion(projectId) });
    },
  });
}
