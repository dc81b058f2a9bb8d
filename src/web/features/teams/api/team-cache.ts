import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "../../../../shared/schemas/auth.ts";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { sortTeamsByName } from "./list-teams.ts";

/** Applies a change to both caches' team lists (the teams and the session's), kept sorted by name. */
function changeTeams(queryClient: QueryClient, change: (teams: TeamSummary[]) => TeamSummary[]): void {
  queryClient.setQueryData<TeamSummary[]>(queryKeys.teams(), (old) =>
    old ? sortTeamsByName(change(old)) : old,
  );
  queryClient.setQueryData<Me | null>(queryKeys.me(), (old) =>
    old ? { ...old, teams: sortTeamsByName(change(old.teams)) } : old,
  );
}

/** Puts a created or renamed team into the caches at once, so the picker shows it before the refetch. */
export function storeTeam(queryClient: QueryClient, team: TeamSummary): void {
  changeTeams(queryClient, (teams) => [...teams.filter((t) => t.id !== team.id), team]);
}

/** Drops a deleted team from the caches, with everything cached under it (members, invites, projects). */
export function forgetTeam(queryClient: QueryClient, teamId: string): void {
  changeTeams(queryClient, (teams) => teams.filter((t) => t.id !== teamId));
  queryClient.removeQueries({ queryKey: queryKeys.team(teamId) });
}

/** Refetches the user's teams (after joining one, or after a change). */
export async function refreshTeams(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.me() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teams(), exact: true }),
  ]);
}
