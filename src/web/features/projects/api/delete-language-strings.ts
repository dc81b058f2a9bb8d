import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Every translation of the language (kept in history). */
export function deleteLanguageStrings({ projectId, language }: { projectId: string; language: string }) {
  return api.strings.clearLanguage({ params: { projectId: projectId, lang: language } });
}

export function deleteLanguageStringsMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.projects.clearLanguage(),
    mutationFn: deleteLanguageStrings,
  });
}

export function useDeleteLanguageStrings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteLanguageStringsMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
  });
}
