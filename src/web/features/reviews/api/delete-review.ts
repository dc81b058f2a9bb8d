import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** The review and its verdicts (its keys and strings stay). */
export function deleteReview(reviewId: string): Promise<void> {
  return api.reviews.remove({ params: { reviewId } }).then(() => undefined);
}

export function deleteReviewMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.reviews.remove(), mutationFn: deleteReview });
}

export function useDeleteReview(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteReviewMutationOptions(),
    onSuccess: (_answer, reviewId) => {
      queryClient.setQueryData<ReviewSummary[]>(queryKeys.projectReviews(projectId), (old) =>
        old ? old.filter((review) => review.id !== reviewId) : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectApprovals(projectId) });
    },
  });
}
