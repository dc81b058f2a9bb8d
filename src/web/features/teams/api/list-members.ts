import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamMember } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Owner first, then admins, then by full name. */
export async function listMembers(teamId: string): Promise<TeamMember[]> {
  const answer = await api.teams.listMembers({ params: { teamId } });
  return answer.members;
}

export function membersQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.teamMembers(teamId), queryFn: () => listMembers(teamId) });
}

export function useMembers(teamId: string | null) {
  return useQuery({ ...membersQueryOptions(teamId ?? ""), enabled: teamId !== null });
}
