import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Me } from "../../../../shared/schemas/auth.ts";
import {
  type CreateTeamBody,
  type TeamSummary,
  teamSummarySchema,
} from "../../../../shared/schemas/teams.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";
import { sortTeamsByName, teamsQueryKey } from "./list-teams.ts";

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
      queryClient.setQueryData<TeamSummary[]>(teamsQueryKey, (old) =>
        old ? sortTeamsByName([...old.filter((t) => t.id !== team.id), team]) : old,
      );
      queryClient.setQueryData<Me | null>(meQueryKey, (old) =>
        old ? { ...old, teams: sortTeamsByName([...old.teams.filter((t) => t.id !== team.id), team]) } : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
      ]);
    },
  });
}
