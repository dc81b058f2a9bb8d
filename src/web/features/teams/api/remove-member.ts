import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamMember } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

export function removeMember(teamId: string, memberId: string): Promise<void> {
  return api.teams.removeMember({ params: { teamId, memberId } }).then(() => undefined);
}

export function removeMemberMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.teams.removeMember(teamId),
    mutationFn: (memberId: string) => removeMember(teamId, memberId),
  });
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeMemberMutationOptions(teamId),
    onSuccess: async (_answer, memberId) => {
      queryClient.setQueryData<TeamMember[]>(queryKeys.teamMembers(teamId), (old) =>
        old ? old.filter((m) => m.id !== memberId) : old,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers(teamId) });
    },
  });
}
