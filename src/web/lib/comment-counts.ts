import type { QueryClient } from "@tanstack/react-query";
import type { CommentCounts } from "../../shared/schemas/comments.ts";
import { queryKeys } from "./query-keys.ts";

/** The counts with one key's open count set (a key without open comments is left out). */
export function withOpenCount(counts: CommentCounts, keyId: string, openCount: number): CommentCounts {
  const { [keyId]: _, ...rest } = counts.counts;
  return { counts: openCount > 0 ? { ...rest, [keyId]: openCount } : rest };
}

/**
 * A thread changed (`comment.updated`, or an answer of this person's change): the column's counts
 * take the new open count in place and the thread, if cached, is fetched again. Here in lib because
 * the Overview, a review and the comments feature all apply it.
 */
export function applyCommentChange(
  queryClient: QueryClient,
  projectId: string,
  change: { keyId: string; language: string; openCount: number },
): void {
  queryClient.setQueryData<CommentCounts>(queryKeys.commentCounts(projectId, change.language), (old) =>
    old ? withOpenCount(old, change.keyId, change.openCount) : old,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.commentThread(change.keyId, change.language) });
}
