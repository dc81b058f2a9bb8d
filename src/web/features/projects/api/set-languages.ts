import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { storeProject } from "./project-cache.ts";

/** The whole ordered list (add, remove and reorder). */
export function setProjectLanguages(projectId: string, languages: string[]): Promise<Project> {
  return api.projects.setLanguages({ params: { projectId: projectId }, body: { languages } });
}

export function setLanguagesMutationOptions(projectId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.projects.setLanguages(projectId),
    mutationFn: (languages: string[]) => setProjectLanguages(projectId, languages),
  });
}

export function useSetProjectLanguages(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...setLanguagesMutationOptions(projectId),
    onSuccess: async (project) => {
      storeProject(queryClient, project);
      await queryClient.invalidateQueries({ queryKey: queryKeys.projectCompletion(projectId) });
    },
  });
}
