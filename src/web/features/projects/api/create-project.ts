import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateProjectBody, Project } from "../../../../shared/schemas/projects.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { storeProject } from "./project-cache.ts";

/** Created with languages ['en'], source 'en', web placeholders. */
export function createProject(teamId: string, body: CreateProjectBody): Promise<Project> {
  return api.projects.create({ params: { teamId }, body });
}

export function createProjectMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.projects.create(teamId),
    mutationFn: (body: CreateProjectBody) => createProject(teamId, body),
  });
}

export function useCreateProject(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createProjectMutationOptions(teamId),
    onSuccess: async (project) => {
      storeProject(queryClient, project);
      await queryClient.invalidateQueries({ queryKey: queryKeys.teamProjects(teamId) });
    },
  });
}
