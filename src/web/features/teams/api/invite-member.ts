import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateInviteBody, TeamInvite } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Invites an address, which gets a sign-in link by e-mail. */
export function inviteMember(teamId: string, body: CreateInviteBody): Promise<TeamInvite> {
  return api.teams.invite({ params: { teamId }, body });
}

export function inviteMemberMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.teams.invite(teamId),
    mutationFn: (body: CreateInviteBody) => inviteMember(teamId, body),
  });
}

export function useInviteMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...inviteMemberMutationOptions(teamId),
    onSuccess: async (invite) => {
      queryClient.setQueryData<TeamInvite[]>(queryKeys.teamInvites(teamId), (old) =>
        old ? [invite, ...old.filter((i) => i.id !== invite.id)] : old,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.teamInvites(teamId) });
    },
  });
}
