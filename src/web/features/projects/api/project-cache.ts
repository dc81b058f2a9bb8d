import type { QueryClient } from "@tanstack/react-query";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { sortProjectsByName } from "./list-projects.ts";

/** Puts a created or changed project into its team's cached list (kept sorted by name). */
export function storeProject(queryClient: QueryClient, project: Project): void {
  queryClient.setQueryData<Project[]>(queryKeys.teamProjects(project.teamId), (old) =>
    old ? sortProjectsByName([...old.filter((p) => p.id !== project.id), project]) : old,
  );
}

export function forgetProject(queryClient: QueryClient, teamId: string, projectId: string): void {
  queryClient.setQueryData<Project[]>(queryKeys.teamProjects(teamId), (old) =>
    old ? old.filter((p) => p.id !== projectId) : old,
  );
  queryClient.removeQueries({ queryKey: queryKeys.project(projectId) });
}
