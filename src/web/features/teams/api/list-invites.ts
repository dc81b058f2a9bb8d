import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamInvite } from "../../../../shared/schemas/teams.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The pending invites, newest first. */
export async function listInvites(teamId: string): Promise<TeamInvite[]> {
  const answer = await api.teams.listInvites({ params: { teamId } });
  return answer.invites;
}

export function invitesQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.teamInvites(teamId), queryFn: () => listInvites(teamId) });
}

export function useInvites(teamId: string | null) {
  return useQuery({ ...invitesQueryOptions(teamId ?? ""), enabled: teamId !== null });
}
