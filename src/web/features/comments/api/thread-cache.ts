import { useQueryClient } from "@tanstack/react-query";
import type { CommentThread } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { applyCommentChange } from "../../../lib/comment-counts.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * What the changes to one thread (comment, edit, delete, resolve, reopen) do with their answers: the
 * thread and the column's count are refreshed at once (the `comment.updated` echo comes after the
 * 2 s batch of other events).
 */
export interface ThreadRef {
  projectId: string;
  keyId: string;
  language: string;
}

/** Puts a thread answer in the cache and its open count in the column's counts. */
export function useThreadAnswer({ projectId, keyId, language }: ThreadRef) {
  const queryClient = useQueryClient();
  return (thread: CommentThread) => {
    queryClient.setQueryData(queryKeys.commentThread(keyId, language), thread);
    applyCommentChange(queryClient, projectId, { keyId, language, openCount: thread.openCount });
  };
}

/** One comment changed: the thread is fetched again, which brings the open count with it. */
export function useRefetchThread({ projectId, keyId, language }: ThreadRef) {
  const queryClient = useQueryClient();
  return async () => {
    const thread = await queryClient.fetchQuery({
      queryKey: queryKeys.commentThread(keyId, language),
      queryFn: () => api.comments.thread({ params: { keyId, lang: language } }),
      staleTime: 0,
    });
    applyCommentChange(queryClient, projectId, { keyId, language, openCount: thread.openCount });
  };
}
