import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ProjectEvent } from "../../../../shared/events.ts";
import { useProjectEvents } from "../../../lib/event-stream.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { applyActivityEntry } from "../activity-cache.ts";

/**
 * Keeps the team's feeds current while the tab is open: each `activity.created` of the project's
 * event stream goes into the cached feeds that would list it (a grown entry replaces itself). A
 * reconnect may have missed some, so the feeds are fetched again then. `alsoOnEvent` gets every event
 * of the same stream (the dashboard's refresh), so the tab keeps one connection.
 */
export function useActivityRealtime(
  teamId: string,
  projectId: string | null,
  viewAll: boolean,
  alsoOnEvent?: (event: ProjectEvent) => void,
): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: ProjectEvent) => {
      if (event.type === "activity.created") applyActivityEntry(queryClient, teamId, event.data, viewAll);
      alsoOnEvent?.(event);
    },
    [queryClient, teamId, viewAll, alsoOnEvent],
  );
  const onReconnect = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.teamActivity(teamId) });
    if (projectId) void queryClient.invalidateQueries({ queryKey: queryKeys.projectDashboard(projectId) });
  }, [queryClient, teamId, projectId]);
  useProjectEvents(projectId, onEvent, { onReconnect });
}
