import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { teamListSchema } from "../../../../shared/schemas/teams.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export const teamsQueryKey = ["teams"] as const;

export function sortTeamsByName(teams: TeamSummary[]): TeamSummary[] {
  return [...teams].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

/** GET /api/teams: the teams of the signed-in user, sorted by name. */
export async function listTeams(): Promise<TeamSummary[]> {
  const answer = await apiRequest("/api/teams", teamListSchema);
  return sortTeamsByName(answer.teams);
}

export function teamsQueryOptions() {
  return queryOptions({ queryKey: teamsQueryKey, queryFn: listTeams });
}

export function useTeams(options: { enabled?: boolean } = {}) {
  return useQuery({ ...teamsQueryOptions(), enabled: options.enabled ?? true });
}
