import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { ProjectEvent } from "../../../../shared/events.ts";
import type { Cell } from "../../../../shared/schemas/keys.ts";
import { savedStringSchema } from "../../../../shared/schemas/keys.ts";
import type { ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { applyCommentChange } from "../../../lib/comment-counts.ts";
import { useProjectEvents } from "../../../lib/event-stream.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { createBatcher } from "../live-batch.ts";
import { withCell } from "../review-state.ts";

/** One live change waiting in the 300 ms batch. */
export type ReviewLiveUpdate =
  | { type: "cell"; keyId: string; language: string; cell: Cell }
  | { type: "refetch" };

/**
 * Applies one batch to a review's cache: the strings in place, one refetch for everything else (and
 * the project's verdicts, which the Overview shows, are marked stale with it). While a change of
 * this person's is on its way the refetch waits (answers false): it would undo the optimistic state.
 */
export function flushReviewUpdates(
  queryClient: QueryClient,
  projectId: string,
  reviewId: string,
  updates: ReviewLiveUpdate[],
): boolean {
  const cells = updates.filter((u): u is Extract<ReviewLiveUpdate, { type: "cell" }> => u.type === "cell");
  if (cells.length > 0) {
    queryClient.setQueryData<ReviewDetail>(queryKeys.review(reviewId), (old) =>
      old
        ? cells.reduce((detail, u) => withCell(detail, u.keyId, u.language, u.cell, { onlyNewer: true }), old)
        : old,
    );
  }
  if (!updates.some((u) => u.type === "refetch")) return true;
  if (queryClient.isMutating({ mutationKey: mutationKeys.reviews.all() }) > 0) return false;
  void queryClient.invalidateQueries({ queryKey: queryKeys.review(reviewId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.projectApprovals(projectId) });
  return true;
}

function judged(queryClient: QueryClient, reviewId: string, keyId: string, language: string): boolean {
  const detail = queryClient.getQueryData<ReviewDetail>(queryKeys.review(reviewId));
  return detail?.keys.find((row) => row.id === keyId)?.approvals[language] !== undefined;
}

/**
 * The Reviews list: `review.updated` refetches it (and the Overview's verdicts), 300 ms at a time.
 * A changed review's cached detail is marked stale too, so opening it from the list shows it as it
 * is now, not as it was when last opened (e.g. just after creating it).
 */
export function useReviewListRealtime(projectId: string | null): void {
  const queryClient = useQueryClient();
  const batcher = useMemo(
    () =>
      createBatcher<string>((reviewIds) => {
        if (!projectId) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.projectReviews(projectId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.projectApprovals(projectId) });
        for (const reviewId of new Set(reviewIds)) {
          if (reviewId !== "") void queryClient.invalidateQueries({ queryKey: queryKeys.review(reviewId) });
        }
      }),
    [queryClient, projectId],
  );
  useEffect(() => () => batcher.cancel(), [batcher]);
  const onEvent = useCallback(
    (event: ProjectEvent) => {
      if (event.type === "review.updated") batcher.push(event.data.reviewId);
    },
    [batcher],
  );
  useProjectEvents(projectId, onEvent, { onReconnect: () => batcher.push("") });
}

export interface ReviewRealtimeOptions {
  projectId: string;
  reviewId: string;
  /** The keys in the review: events about other keys are none of its business. */
  keyIds: ReadonlySet<string>;
  /** Offered every string change first (the open cell editor); true when it took it. */
  onTheirChange: (keyId: string, language: string, change: { cell: Cell; by: string | null }) => boolean;
}

/**
 * Keeps an open review current (spec point 9: review views batch live updates for 300 ms): its own
 * `review.updated`, string changes of its keys (a changed string's verdict goes back to pending), key
 * and project changes. Saves made on this page (cell editor, translate, restore) land at once.
 */
export function useReviewRealtime({
  projectId,
  reviewId,
  keyIds,
  onTheirChange,
}: ReviewRealtimeOptions): void {
  const queryClient = useQueryClient();
  const keysRef = useRef(keyIds);
  keysRef.current = keyIds;
  const batcher = useMemo(() => {
    const created = createBatcher<ReviewLiveUpdate>((updates) => {
      if (!flushReviewUpdates(queryClient, projectId, reviewId, updates)) created.push({ type: "refetch" });
    });
    return created;
  }, [queryClient, projectId, reviewId]);
  useEffect(() => () => batcher.cancel(), [batcher]);

  const onEvent = useCallback(
    (event: ProjectEvent) => {
      switch (event.type) {
        case "review.updated":
          if (event.data.reviewId === reviewId) batcher.push({ type: "refetch" });
          return;
        case "string.updated": {
          const { keyId, language, cell, by } = event.data;
          if (!keysRef.current.has(keyId)) return;
          if (onTheirChange(keyId, language, { cell, by })) return;
          batcher.push({ type: "cell", keyId, language, cell });
          // The server sends a changed string's verdict back to pending: fetch the verdicts again.
          if (judged(queryClient, reviewId, keyId, language)) batcher.push({ type: "refetch" });
          return;
        }
        case "key.updated":
        case "key.deleted":
          if (keysRef.current.has(event.data.keyId)) batcher.push({ type: "refetch" });
          return;
        case "project.updated":
          batcher.push({ type: "refetch" });
          return;
        case "comment.updated":
          // The cells' open-comment counts, and the review's list of open comments when it is about its keys.
          applyCommentChange(queryClient, projectId, event.data);
          if (keysRef.current.has(event.data.keyId)) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.reviewComments(reviewId) });
          }
          return;
        case "screenshots.updated":
          // The cameras beside the keys: one list per project.
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectScreenshots(projectId) });
          return;
        default:
          return;
      }
    },
    [projectId, reviewId, batcher, onTheirChange, queryClient],
  );
  useProjectEvents(projectId, onEvent, { onReconnect: () => batcher.push({ type: "refetch" }) });

  // This page's own saves answer with the saved cell: put it in at once (the event echo is older then).
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        if (event.mutation.options.mutationKey?.[0] !== mutationKeys.strings.all()[0]) return;
        const saved = savedStringSchema.safeParse(event.action.data);
        if (!saved.success || !keysRef.current.has(saved.data.keyId)) return;
        const { keyId, language, cell } = saved.data;
        const wasJudged = judged(queryClient, reviewId, keyId, language);
        queryClient.setQueryData<ReviewDetail>(queryKeys.review(reviewId), (old) =>
          old ? withCell(old, keyId, language, cell, { onlyNewer: true }) : old,
        );
        if (wasJudged) batcher.push({ type: "refetch" });
      }),
    [queryClient, reviewId, batcher],
  );
}
