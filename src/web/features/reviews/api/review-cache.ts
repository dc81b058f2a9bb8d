import type { QueryClient } from "@tanstack/react-query";
import type { ReviewDetail, ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** What an optimistic update replaced, to put back when the server says no. */
export interface ReviewSnapshot {
  projectId: string;
  reviewId: string;
  list: ReviewSummary[] | undefined;
  detail: ReviewDetail | undefined;
}

/** Newest change first, as the server lists them (spec point 6: ordered by last_updated_at desc). */
export function sortByLastUpdated(reviews: ReviewSummary[]): ReviewSummary[] {
  return [...reviews].sort((a, b) => (a.lastUpdatedAt < b.lastUpdatedAt ? 1 : -1));
}

/** Stops queries in flight from overwriting an optimistic change, and remembers what was there. */
export async function snapshotReview(
  queryClient: QueryClient,
  projectId: string,
  reviewId: string,
): Promise<ReviewSnapshot> {
  await Promise.all([
    queryClient.cancelQueries({ queryKey: queryKeys.projectReviews(projectId), exact: true }),
    queryClient.cancelQueries({ queryKey: queryKeys.review(reviewId), exact: true }),
  ]);
  return {
    projectId,
    reviewId,
    list: queryClient.getQueryData<ReviewSummary[]>(queryKeys.projectReviews(projectId)),
    detail: queryClient.getQueryData<ReviewDetail>(queryKeys.review(reviewId)),
  };
}

export function restoreReview(queryClient: QueryClient, snapshot: ReviewSnapshot | undefined): void {
  if (!snapshot) return;
  queryClient.setQueryData(queryKeys.projectReviews(snapshot.projectId), snapshot.list);
  queryClient.setQueryData(queryKeys.review(snapshot.reviewId), snapshot.detail);
}

/** Applies a change to the cached review: its detail (if cached) and its row of the project's list. */
export function updateCachedReview(
  queryClient: QueryClient,
  projectId: string,
  reviewId: string,
  update: {
    detail: (detail: ReviewDetail) => ReviewDetail;
    summary: (summary: ReviewSummary) => ReviewSummary;
  },
): void {
  queryClient.setQueryData<ReviewDetail>(queryKeys.review(reviewId), (old) =>
    old ? update.detail(old) : old,
  );
  queryClient.setQueryData<ReviewSummary[]>(queryKeys.projectReviews(projectId), (old) =>
    old ? sortByLastUpdated(old.map((r) => (r.id === reviewId ? update.summary(r) : r))) : old,
  );
}

/** Puts the server's answer for a review (summary fields) into both caches. */
export function storeReviewSummary(queryClient: QueryClient, summary: ReviewSummary): void {
  queryClient.setQueryData<ReviewDetail>(queryKeys.review(summary.id), (old) =>
    old ? { ...old, ...summary } : old,
  );
  queryClient.setQueryData<ReviewSummary[]>(queryKeys.projectReviews(summary.projectId), (old) => {
    if (!old) return old;
    const others = old.filter((r) => r.id !== summary.id);
    return sortByLastUpdated([summary, ...others]);
  });
}
