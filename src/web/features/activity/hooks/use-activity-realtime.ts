import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ProjectEvent } from "../../../../shared/events.ts";
import { useProjectEvents } from "../../../lib/event-stream.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { applyActivityEntry } from "../activity-cache.ts";

/**
 * Keeps the team's feeds current while the tab is open: each `activity.created` of the project's
 * event stream goes into the cached feeds that would list it (a grown entry replaces itself). A
 * reconnect may have missed some, so the feeds are fetched again then.
 */
export function useActivityRealtime(teamId: string, projectId: string | null, viewAll: boolean): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: ProjectEvent) => {
      if (event.type === "activity.created") applyActivityEntry(queryClient, teamId, event.data, viewAll);
    },
    [queryClient, teamId, viewAll],
  );
  const onReconnect = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.teamActivity(teamId) }),
    [queryClient, teamId],
  );
  useProjectEvents(projectId, onEvent, { onReconnect });
}
