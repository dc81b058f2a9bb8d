import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type CreateTeamBody,
  type TeamSummary,
  teamSummarySchema,
} from "../../../../shared/schemas/teams.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { refreshTeams, storeTeam } from "./team-cache.ts";

/** POST /api/teams: creates a team; the creator becomes its owner. */
export function createTeam(body: CreateTeamBody): Promise<TeamSummary> {
  return apiRequest("/api/teams", teamSummarySchema, { method: "POST", body });
}

export function createTeamMutationOptions() {
  return mutationOptions({ mutationKey: ["teams", "create"], mutationFn: createTeam });
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
