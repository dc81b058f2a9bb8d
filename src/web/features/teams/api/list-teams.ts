import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

export function sortTeamsByName(teams: TeamSummary[]): TeamSummary[] {
  return [...teams].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}

/** The teams of the signed-in user, sorted by name. */
export async function listTeams(): Promise<TeamSummary[]> {
  const answer = await api.teams.list();
  return sortTeamsByName(answer.teams);
}

export function teamsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.teams(), queryFn: listTeams });
}

export function useTeams(options: { enabled?: boolean } = {}) {
  return useQuery({ ...teamsQueryOptions(), enabled: options.enabled ?? true });
}
