import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReviewSummary, reviewSummarySchema } from "../../../../shared/schemas/reviews.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { storeReviewSummary } from "./review-cache.ts";

/** DELETE /api/reviews/:reviewId/keys/:keyId: takes a key (and its verdicts) out of the review. */
export function removeReviewKey(reviewId: string, keyId: string): Promise<ReviewSummary> {
  return apiRequest(
    `/api/reviews/${encodeURIComponent(reviewId)}/keys/${encodeURIComponent(keyId)}`,
    reviewSummarySchema,
    { method: "DELETE" },
  );
}

export function removeReviewKeyMutationOptions() {
  return mutationOptions({
    mutationKey: ["reviews", "remove-key"],
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
