import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CommentCounts } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Open comments per key. */
export function getCommentCounts(projectId: string, language: string): Promise<CommentCounts> {
  return api.comments.counts({ params: { projectId }, query: { language } });
}

/** Kept current by `comment.updated`, so it is fetched once per project and language, not per cell. */
export function commentCountsQueryOptions(projectId: string, language: string) {
  return queryOptions({
    queryKey: queryKeys.commentCounts(projectId, language),
    queryFn: () => getCommentCounts(projectId, language),
    staleTime: 60_000,
  });
}

/** The open comments of one cell, from its column's counts (every cell of the column shares the query). */
export function useOpenCommentCount(projectId: string, keyId: string, language: string): number {
  const counts = useQuery({
    ...commentCountsQueryOptions(projectId, language),
    select: (data) => data.counts[keyId] ?? 0,
  });
  return counts.data ?? 0;
}
