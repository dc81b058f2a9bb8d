import { queryOptions, useQueries, useQuery } from "@tanstack/react-query";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export function sortProjectsByName(projects: Project[]): Project[] {
  return [...projects].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

/** The team's projects, sorted by name. */
export async function listProjects(teamId: string): Promise<Project[]> {
  const answer = await api.projects.list({ params: { teamId } });
  return sortProjectsByName(answer.projects);
}

export function projectsQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.teamProjects(teamId), queryFn: () => listProjects(teamId) });
}

export function useProjects(teamId: string | null) {
  return useQuery({
    ...projectsQueryOptions(teamId ?? ""),
    enabled: teamId !== null,
  });
}

/** The projects of several teams at once (the top-bar picker), by team id; absent while loading. */
export function useProjectsByTeam(teamIds: string[]): Record<string, Project[]> {
  return useQueries({
    queries: teamIds.map((teamId) => projectsQueryOptions(teamId)),
    combine: (results) => {
      const byTeam: Record<string, Project[]> = {};
      results.forEach((result, index) => {
        const teamId = teamIds[index];
        if (teamId !== undefined && result.data) byTeam[teamId] = result.data;
      });
      return byTeam;
    },
  });
}
