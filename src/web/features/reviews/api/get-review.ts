import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The review with its keys, strings and approvals; 404 'Review not found'. */
export function getReview(reviewId: string, signal?: AbortSignal): Promise<ReviewDetail> {
  return api.reviews.get({ params: { reviewId } }, signal ? { signal } : {});
}

export function reviewQueryOptions(reviewId: string) {
  return queryOptions({
    queryKey: queryKeys.review(reviewId),
    queryFn: ({ signal }) => getReview(reviewId, signal),
  });
}

export function useReview(reviewId: string) {
  return useQuery(reviewQueryOptions(reviewId));
}
