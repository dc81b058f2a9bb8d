import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateGlossaryTermBody, GlossaryTerm } from "../../../../shared/schemas/glossary.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { refreshGlossary } from "./glossary-cache.ts";

/** A new term (409 when one of that name exists). */
export function createGlossaryTerm(teamId: string, body: CreateGlossaryTermBody): Promise<GlossaryTerm> {
  return api.glossary.create({ params: { teamId }, body });
}

export function createGlossaryTermMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.glossary.create(teamId),
    mutationFn: (body: CreateGlossaryTermBody) => createGlossaryTerm(teamId, body),
  });
}

export function useCreateGlossaryTerm(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createGlossaryTermMutationOptions(teamId),
    onSuccess: () => refreshGlossary(queryClient, teamId),
  });
}
