import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamInvite } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

export function deleteInvite(teamId: string, inviteId: string): Promise<void> {
  return api.teams.removeInvite({ params: { teamId, inviteId } }).then(() => undefined);
}

export function deleteInviteMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.teams.deleteInvite(teamId),
    mutationFn: (inviteId: string) => deleteInvite(teamId, inviteId),
  });
}

export function useDeleteInvite(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteInviteMutationOptions(teamId),
    onSuccess: async (_answer, inviteId) => {
      queryClient.setQueryData<TeamInvite[]>(queryKeys.teamInvites(teamId), (old) =>
        old ? old.filter((i) => i.id !== inviteId) : old,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.teamInvites(teamId) });
    },
  });
}
