import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../shared/schemas/dashboard.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Where each language stands, 90 days of progress, who worked. */
export async function getDashboard(projectId: string, signal?: AbortSignal): Promise<Dashboard> {
  return api.activity.dashboard({ params: { projectId } }, signal ? { signal } : {});
}

export function dashboardQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectDashboard(projectId),
    queryFn: ({ signal }) => getDashboard(projectId, signal),
    // The project's events refetch it while the tab is open (use-dashboard-refresh.ts).
    staleTime: 60_000,
  });
}

/** The selected project's dashboard. */
export function useDashboard(projectId: string) {
  return useQuery(dashboardQueryOptions(projectId));
}
