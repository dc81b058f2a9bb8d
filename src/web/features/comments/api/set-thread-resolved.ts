import { useMutation } from "@tanstack/react-query";
import type { CommentThread } from "../../../../shared/schemas/comments.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { type ThreadRef, useThreadAnswer } from "./thread-cache.ts";

/** Resolve (true) or reopen (false) the whole thread. */
export function useSetThreadResolved(ref: ThreadRef) {
  const answered = useThreadAnswer(ref);
  return useMutation({
    mutationKey: mutationKeys.comments.resolve(),
    mutationFn: (resolved: boolean): Promise<CommentThread> => {
      const input = { params: { keyId: ref.keyId, lang: ref.language } };
      return resolved ? api.comments.resolve(input) : api.comments.reopen(input);
    },
    onSuccess: answered,
  });
}
