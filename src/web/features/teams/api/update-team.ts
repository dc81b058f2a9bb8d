import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamSummary, UpdateTeamBody } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { refreshTeams, storeTeam } from "./team-cache.ts";

/** Renames the team (owner only). */
export function updateTeam(teamId: string, body: UpdateTeamBody): Promise<TeamSummary> {
  return api.teams.update({ params: { teamId }, body });
}

export function updateTeamMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.teams.update(teamId),
    mutationFn: (body: UpdateTeamBody) => updateTeam(teamId, body),
  });
}

export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateTeamMutationOptions(teamId),
    onSuccess: async (team) => {
      storeTeam(queryClient, team);
      await refreshTeams(queryClient);
    },
  });
}
