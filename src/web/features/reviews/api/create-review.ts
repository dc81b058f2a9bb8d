import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateReviewBody, ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { storeReviewSummary } from "./review-cache.ts";

/** Create Review, pending, optionally with keys (Add to Review → new). */
export function createReview(projectId: string, body: CreateReviewBody): Promise<ReviewSummary> {
  return api.reviews.create({ params: { projectId }, body });
}

export function createReviewMutationOptions(projectId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.reviews.create(projectId),
    mutationFn: (body: CreateReviewBody) => createReview(projectId, body),
  });
}

export function useCreateReview(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createReviewMutationOptions(projectId),
    onSuccess: (review) => {
      storeReviewSummary(queryClient, review);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectReviews(projectId) });
    },
  });
}
