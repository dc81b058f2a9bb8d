import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReviewComment } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The open comments on the review's keys, oldest first. */
export async function getReviewComments(reviewId: string): Promise<ReviewComment[]> {
  const answer = await api.comments.review({ params: { reviewId } });
  return answer.comments;
}

export function reviewCommentsQueryOptions(reviewId: string) {
  return queryOptions({
    queryKey: queryKeys.reviewComments(reviewId),
    queryFn: () => getReviewComments(reviewId),
  });
}

export function useReviewComments(reviewId: string) {
  return useQuery(reviewCommentsQueryOptions(reviewId));
}
