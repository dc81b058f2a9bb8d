import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { forgetProject } from "./project-cache.ts";

export function deleteProject(projectId: string): Promise<void> {
  return api.projects.remove({ params: { projectId: projectId } }).then(() => undefined);
}

export function deleteProjectMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.projects.remove(),
    mutationFn: (project: Project) => deleteProject(project.id),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteProjectMutationOptions(),
    onSuccess: (_answer, project) => forgetProject(queryClient, project.teamId, project.id),
  });
}
