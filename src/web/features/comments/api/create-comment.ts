import { useMutation } from "@tanstack/react-query";
import type { Comment, CommentBody } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { type ThreadRef, useRefetchThread } from "./thread-cache.ts";

export function useCreateComment(ref: ThreadRef) {
  const refetch = useRefetchThread(ref);
  return useMutation({
    mutationKey: mutationKeys.comments.create(),
    mutationFn: (body: CommentBody): Promise<Comment> =>
      api.comments.create({ params: { keyId: ref.keyId, lang: ref.language }, body }),
    onSuccess: refetch,
  });
}
