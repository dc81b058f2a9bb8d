import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTeamBody, TeamSummary } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { refreshTeams, storeTeam } from "./team-cache.ts";

/** Creates a team; the creator becomes its owner. */
export function createTeam(body: CreateTeamBody): Promise<TeamSummary> {
  return api.teams.create({ body });
}

export function createTeamMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.teams.create(), mutationFn: createTeam });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createTeamMutationOptions(),
    onSuccess: async (team) => {
      // Put the new team in the caches at once, so it can be selected before the refetch lands.
      storeTeam(queryClient, team);
      await refreshTeams(queryClient);
    },
  });
}
