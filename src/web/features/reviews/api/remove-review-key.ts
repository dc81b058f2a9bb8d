import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { storeReviewSummary } from "./review-cache.ts";

/** Takes a key (and its verdicts) out of the review. */
export function removeReviewKey(reviewId: string, keyId: string): Promise<ReviewSummary> {
  return api.reviews.removeKey({ params: { reviewId, keyId } });
}

export function removeReviewKeyMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.reviews.removeKey(),
    mutationFn: ({ reviewId, keyId }: { reviewId: string; keyId: string }) =>
      removeReviewKey(reviewId, keyId),
  });
}

export function useRemoveReviewKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeReviewKeyMutationOptions(),
    onSuccess: async (review) => {
      storeReviewSummary(queryClient, review);
      await queryClient.invalidateQueries({ queryKey: queryKeys.review(review.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectApprovals(projectId) });
    },
  });
}
