import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TeamSubscription } from "../../../../shared/schemas/billing.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Under the team's key, so that forgetting a deleted team forgets its subscription too. */

/**
 * The team's subscription: `subscription` is null when the team never bought one (the spec's
 * 'no row', which is not an error).
 */
export function getTeamSubscription(teamId: string): Promise<TeamSubscription> {
  return api.billing.subscription({ params: { teamId } });
}

export function teamSubscriptionQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: queryKeys.teamSubscription(teamId),
    queryFn: () => getTeamSubscription(teamId),
  });
}

export function useTeamSubscription(teamId: string | null) {
  return useQuery({ ...teamSubscriptionQueryOptions(teamId ?? ""), enabled: teamId !== null });
}
