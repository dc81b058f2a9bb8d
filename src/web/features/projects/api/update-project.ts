import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project, UpdateProjectBody } from "../../../../shared/schemas/projects.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { storeProject } from "./project-cache.ts";

/** Rename and/or change the placeholder format. */
export function updateProject(projectId: string, body: UpdateProjectBody): Promise<Project> {
  return api.projects.update({ params: { projectId: projectId }, body });
}

export function updateProjectMutationOptions(projectId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.projects.update(projectId),
    mutationFn: (body: UpdateProjectBody) => updateProject(projectId, body),
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateProjectMutationOptions(projectId),
    onSuccess: (project) => storeProject(queryClient, project),
  });
}
