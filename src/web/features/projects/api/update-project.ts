import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type Project, projectSchema, type UpdateProjectBody } from "../../../../shared/schemas/projects.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { storeProject } from "./project-cache.ts";

/** PATCH /api/projects/:id: rename and/or change the placeholder format. */
export function updateProject(projectId: string, body: UpdateProjectBody): Promise<Project> {
  return apiRequest(`/api/projects/${encodeURIComponent(projectId)}`, projectSchema, {
    method: "PATCH",
    body,
  });
}

export function updateProjectMutationOptions(projectId: string) {
  return mutationOptions({
    mutationKey: ["projects", projectId, "update"],
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
