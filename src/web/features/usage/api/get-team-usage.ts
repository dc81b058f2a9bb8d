import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamUsage } from "../../../../shared/schemas/usage.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** This month's AI use and the team's keys, strings and seats. */
export function getTeamUsage(teamId: string): Promise<TeamUsage> {
  return api.usage.team({ params: { teamId } });
}

export function teamUsageQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.teamUsage(teamId), queryFn: () => getTeamUsage(teamId) });
}

export function useTeamUsage(teamId: string) {
  return useQuery(teamUsageQueryOptions(teamId));
}
