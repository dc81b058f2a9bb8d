import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { refreshGlossary } from "./glossary-cache.ts";

export async function deleteGlossaryTerm(teamId: string, id: string): Promise<void> {
  await api.glossary.remove({ params: { teamId, id } });
}

export function deleteGlossaryTermMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.glossary.remove(teamId),
    mutationFn: (id: string) => deleteGlossaryTerm(teamId, id),
  });
}

export function useDeleteGlossaryTerm(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteGlossaryTermMutationOptions(teamId),
    onSuccess: () => refreshGlossary(queryClient, teamId),
  });
}
