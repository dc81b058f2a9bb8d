import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddReviewKeysBody, ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { storeReviewSummary } from "./review-cache.ts";

/** Add to Review (existing) and Add key; keys already in it stay once. */
export function addReviewKeys(reviewId: string, body: AddReviewKeysBody): Promise<ReviewSummary> {
  return api.reviews.addKeys({ params: { reviewId }, body });
}

export function addReviewKeysMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.reviews.addKeys(),
    mutationFn: ({ reviewId, keyIds }: { reviewId: string; keyIds: string[] }) =>
      addReviewKeys(reviewId, { keyIds }),
  });
}

export function useAddReviewKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    ...addReviewKeysMutationOptions(),
    onSuccess: async (review) => {
      storeReviewSummary(queryClient, review);
      // The table needs the new keys' strings and verdicts.
      await queryClient.invalidateQueries({ queryKey: queryKeys.review(review.id) });
    },
  });
}
