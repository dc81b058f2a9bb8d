import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The project's reviews, newest change first. */
export async function listReviews(projectId: string): Promise<ReviewSummary[]> {
  const answer = await api.reviews.list({ params: { projectId } });
  return answer.reviews;
}

export function reviewsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectReviews(projectId),
    queryFn: () => listReviews(projectId),
  });
}

export function useReviews(projectId: string | null) {
  return useQuery({ ...reviewsQueryOptions(projectId ?? ""), enabled: projectId !== null });
}
