import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewDetail, ReviewSummary, UpdateReviewBody } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { applyReviewUpdate } from "../review-state.ts";
import { restoreReview, snapshotReview, storeReviewSummary, updateCachedReview } from "./review-cache.ts";

/**
 * Title, description, status, languages done. Every project language done completes the review;
 * status pending empties the languages done (spec point 4).
 */
export function updateReview(reviewId: string, body: UpdateReviewBody): Promise<ReviewSummary> {
  return api.reviews.update({ params: { reviewId }, body });
}

export function updateReviewMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.reviews.update(),
    mutationFn: ({ reviewId, body }: { reviewId: string; body: UpdateReviewBody }) =>
      updateReview(reviewId, body),
  });
}

/**
 * Optimistic (spec point 4): the cached review and its row in the list change at once, and go back
 * to what they were when the server refuses (the caller shows the notice).
 */
export function useUpdateReview(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateReviewMutationOptions(),
    onMutate: async ({ reviewId, body }) => {
      const snapshot = await snapshotReview(queryClient, projectId, reviewId);
      const languages = queryClient.getQueryData<ReviewDetail>(queryKeys.review(reviewId))?.languages;
      updateCachedReview(queryClient, projectId, reviewId, {
        detail: (detail) => applyReviewUpdate(detail, body, detail.languages),
        summary: (summary) => applyReviewUpdate(summary, body, languages),
      });
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => restoreReview(queryClient, snapshot),
    onSuccess: (review) => {
      // With another change of it still on its way, that one's answer is the one to keep.
      if (queryClient.isMutating({ mutationKey: mutationKeys.reviews.update() }) <= 1) {
        storeReviewSummary(queryClient, review);
      }
    },
  });
}
