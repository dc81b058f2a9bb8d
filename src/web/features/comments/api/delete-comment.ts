import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { type ThreadRef, useRefetchThread } from "./thread-cache.ts";

export function useDeleteComment(ref: ThreadRef) {
  const refetch = useRefetchThread(ref);
  return useMutation({
    mutationKey: mutationKeys.comments.remove(),
    mutationFn: (id: string) => api.comments.remove({ params: { id } }),
    onSuccess: refetch,
  });
}
