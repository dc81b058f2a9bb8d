import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { ProjectEvent } from "../../../../shared/events.ts";
import type { BatchJob } from "../../../../shared/schemas/batch.ts";
import type { TheirChange } from "../../../components/cell-editor/cell-edit.ts";
import { useCompletionRecheck } from "../../../components/cell-editor/use-completion-recheck.ts";
import { useBranch } from "../../../lib/branch-context.tsx";
import { applyCommentChange } from "../../../lib/comment-counts.ts";
import { useProjectEvents } from "../../../lib/event-stream.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { applyCell } from "../key-cache.ts";

/** Key and project events refetch after a short pause, so a burst of them costs one refetch. */
const REFETCH_DEBOUNCE_MS = 300;

export interface ProjectRealtimeOptions {
  projectId: string;
  teamId: string;
  /** Offered every string change first; answers true when an open editor took it. */
  onTheirChange: (keyId: string, language: string, change: TheirChange) => boolean;
  /** A batch translation job moved on (progress, end). */
  onBatchUpdate?: (job: BatchJob) => void;
}

/**
 * Keeps the Overview current while it is open: `string.updated` goes into the cached key lists in
 * place; key and project events refetch them (spec point 7 realtime).
 */
export function useProjectRealtime({
  projectId,
  teamId,
  onTheirChange,
  onBatchUpdate,
}: ProjectRealtimeOptions): void {
  const queryClient = useQueryClient();
  const recheckCompletion = useCompletionRecheck(projectId);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refetchSoon = useCallback(
    (withProjects: boolean) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) });
        if (withProjects) void queryClient.invalidateQueries({ queryKey: queryKeys.teamProjects(teamId) });
      }, REFETCH_DEBOUNCE_MS);
    },
    [queryClient, projectId, teamId],
  );

  const onEvent = useCallback(
    (event: ProjectEvent) => {
      switch (event.type) {
        case "string.updated": {
          const { keyId, language, cell, by } = event.data;
          if (!onTheirChange(keyId, language, { cell, by })) {
            applyCell(queryClient, projectId, keyId, language, cell, { onlyNewer: true });
          }
          recheckCompletion();
          return;
        }
        case "key.created":
        case "key.updated":
        case "key.deleted":
          refetchSoon(false);
          return;
        case "project.updated":
          refetchSoon(true);
          return;
        case "review.updated":
          // Someone's verdict: the Overview's approval badges, not the key lists.
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectApprovals(projectId) });
          return;
        case "screenshots.updated":
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectScreenshots(projectId) });
          return;
        case "comment.updated":
          // A thread changed: the cell's open-comment count in place, the thread if it is open.
          applyCommentChange(queryClient, projectId, event.data);
          return;
        case "batch.updated":
          onBatchUpdate?.(event.data);
          // Progress changes the language's counts; the strings are fetched once, when the job ends.
          recheckCompletion();
          return;
      }
    },
    [queryClient, projectId, onTheirChange, onBatchUpdate, recheckCompletion, refetchSoon],
  );

  // On a branch, its own events: main's saves are not in its lists (and the other way round).
  const branch = useBranch();
  useProjectEvents(projectId, onEvent, { onReconnect: () => refetchSoon(true), branch: branch?.id ?? null });
}
