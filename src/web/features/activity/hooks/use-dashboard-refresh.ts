import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import type { ProjectEvent } from "../../../../shared/events.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { DASHBOARD_REFRESH_MS, throttle } from "../dashboard-throttle.ts";

/** The events after which the dashboard's numbers may have changed. */
const CHANGES: ReadonlySet<ProjectEvent["type"]> = new Set(["activity.created", "string.updated"]);

/**
 * Refetches the project's dashboard when its work changes, at most once per DASHBOARD_REFRESH_MS:
 * the handler goes to the Activity tab's one event stream (use-activity-realtime.ts), so the tab
 * keeps a single connection.
 */
export function useDashboardRefresh(projectId: string | null): (event: ProjectEvent) => void {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () =>
      throttle(() => {
        if (projectId)
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectDashboard(projectId) });
      }, DASHBOARD_REFRESH_MS),
    [queryClient, projectId],
  );
  useEffect(() => () => refresh.cancel(), [refresh]);
  return useCallback(
    (event: ProjectEvent) => {
      if (CHANGES.has(event.type)) refresh.call();
    },
    [refresh],
  );
}
