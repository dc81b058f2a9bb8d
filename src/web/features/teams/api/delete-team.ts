import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { forgetTeam, refreshTeams } from "./team-cache.ts";

/** The team with its projects, keys and strings (owner only). */
export function deleteTeam(teamId: string): Promise<void> {
  return api.teams.remove({ params: { teamId } }).then(() => undefined);
}

export function deleteTeamMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.teams.remove(), mutationFn: deleteTeam });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteTeamMutationOptions(),
    onSuccess: async (_answer, teamId) => {
      forgetTeam(queryClient, teamId);
      await refreshTeams(queryClient);
    },
  });
}
