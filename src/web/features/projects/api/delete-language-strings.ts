import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { clearLanguageAnswerSchema } from "../../../../shared/schemas/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** DELETE /api/projects/:id/strings/:lang: every translation of the language (kept in history). */
export function deleteLanguageStrings({ projectId, language }: { projectId: string; language: string }) {
  return apiRequest(
    `/api/projects/${encodeURIComponent(projectId)}/strings/${encodeURIComponent(language)}`,
    clearLanguageAnswerSchema,
    { method: "DELETE" },
  );
}

export function deleteLanguageStringsMutationOptions() {
  return mutationOptions({
    mutationKey: ["projects", "strings", "delete"],
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
