import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SavedString } from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { applyCell } from "../key-cache.ts";

export interface RestoreStringInput {
  keyId: string;
  language: string;
  historyId: number;
}

/** Saves an older value (`historyId`) as a new version. */
export function restoreString({ keyId, language, historyId }: RestoreStringInput): Promise<SavedString> {
  return api.strings.restore({ params: { keyId, lang: language }, body: { historyId } });
}

export function restoreStringMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.strings.restore(), mutationFn: restoreString });
}

export function useRestoreString(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...restoreStringMutationOptions(),
    onSuccess: async (saved) => {
      applyCell(queryClient, projectId, saved.keyId, saved.language, saved.cell);
      await queryClient.invalidateQueries({ queryKey: queryKeys.stringHistory(saved.keyId, saved.language) });
    },
  });
}
