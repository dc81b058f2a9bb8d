import { useMutation } from "@tanstack/react-query";
import type { Comment, CommentBody } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { type ThreadRef, useRefetchThread } from "./thread-cache.ts";

/** The author's own comment. */
export function useUpdateComment(ref: ThreadRef) {
  const refetch = useRefetchThread(ref);
  return useMutation({
    mutationKey: mutationKeys.comments.update(),
    mutationFn: ({ id, ...body }: CommentBody & { id: string }): Promise<Comment> =>
      api.comments.update({ params: { id }, body }),
    onSuccess: refetch,
  });
}
