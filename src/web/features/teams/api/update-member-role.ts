import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AssignableRole, TeamMember } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** The owner makes a member admin or reviewer. */
export function updateMemberRole(
  teamId: string,
  memberId: string,
  role: AssignableRole,
): Promise<TeamMember> {
  return api.teams.updateMemberRole({ params: { teamId, memberId }, body: { role } });
}

export function updateMemberRoleMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.teams.updateMemberRole(teamId),
    mutationFn: ({ memberId, role }: { memberId: string; role: AssignableRole }) =>
      updateMemberRole(teamId, memberId, role),
  });
}

export function useUpdateMemberRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateMemberRoleMutationOptions(teamId),
    onSuccess: async () => {
      // The order depends on roles (admins before reviewers): the server's list is the truth.
      await queryClient.invalidateQueries({ queryKey: queryKeys.teamMembers(teamId) });
    },
  });
}
