import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CommentThread } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** A cell's comments, oldest first, with the open count. */
export function getCommentThread(keyId: string, language: string): Promise<CommentThread> {
  return api.comments.thread({ params: { keyId, lang: language } });
}

export function commentThreadQueryOptions(keyId: string, language: string) {
  return queryOptions({
    queryKey: queryKeys.commentThread(keyId, language),
    queryFn: () => getCommentThread(keyId, language),
  });
}

/** Fetched only while the thread is open. */
export function useCommentThread(keyId: string, language: string, enabled: boolean) {
  return useQuery({ ...commentThreadQueryOptions(keyId, language), enabled });
}
