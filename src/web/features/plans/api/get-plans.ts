import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BillingPlans } from "../../../../shared/schemas/billing.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * `{configured, plans}`, the paid tiers in display order (team, enterprise), plus free with
 * `includeFree` (spec point 9: free plans only in a debug block).
 */
export function getPlans(includeFree = false): Promise<BillingPlans> {
  return api.billing.plans({ query: includeFree ? { includeFree: "true" } : {} });
}

export function plansQueryOptions(includeFree = false) {
  return queryOptions({ queryKey: queryKeys.plans(includeFree), queryFn: () => getPlans(includeFree) });
}

export function usePlans(includeFree = false) {
  return useQuery(plansQueryOptions(includeFree));
}
