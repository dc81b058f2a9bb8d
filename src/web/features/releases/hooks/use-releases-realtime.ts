import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ProjectEvent } from "../../../../shared/events.ts";
import { useProjectEvents } from "../../../lib/event-stream.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * Keeps the releases current while the tab is open: CI, a teammate or a completed review may
 * publish one. The project's stream says `project.updated` for any change to it; the list is small,
 * so it is simply asked for again (and after a reconnect, which may have missed some).
 */
export function useReleasesRealtime(projectId: string): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.projectReleases(projectId) }),
    [queryClient, projectId],
  );
  const onEvent = useCallback(
    (event: ProjectEvent) => {
      if (event.type === "project.updated") refresh();
    },
    [refresh],
  );
  useProjectEvents(projectId, onEvent, { onReconnect: refresh });
}
