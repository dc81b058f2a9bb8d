import { queryOptions, useQuery } from "@tanstack/react-query";
import { type TeamMember, teamMemberListSchema } from "../../../../shared/schemas/teams.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** GET /api/teams/:teamId/members: owner first, then admins, then by full name. */
export async function listMembers(teamId: string): Promise<TeamMember[]> {
  const answer = await apiRequest(`/api/teams/${encodeURIComponent(teamId)}/members`, teamMemberListSchema);
  return answer.members;
}

export function membersQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.teamMembers(teamId), queryFn: () => listMembers(teamId) });
}

export function useMembers(teamId: string | null) {
  return useQuery({ ...membersQueryOptions(teamId ?? ""), enabled: teamId !== null });
}
