import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { GlossaryTerm, UpdateGlossaryTermBody } from "../../../../shared/schemas/glossary.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { refreshGlossary } from "./glossary-cache.ts";

/** Only the fields given change. */
export function updateGlossaryTerm(
  teamId: string,
  id: string,
  body: UpdateGlossaryTermBody,
): Promise<GlossaryTerm> {
  return api.glossary.update({ params: { teamId, id }, body });
}

export function updateGlossaryTermMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.glossary.update(teamId),
    mutationFn: ({ id, body }: { id: string; body: UpdateGlossaryTermBody }) =>
      updateGlossaryTerm(teamId, id, body),
  });
}

export function useUpdateGlossaryTerm(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateGlossaryTermMutationOptions(teamId),
    onSuccess: () => refreshGlossary(queryClient, teamId),
  });
}
