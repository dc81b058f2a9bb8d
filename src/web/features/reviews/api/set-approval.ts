import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Approval, ReviewDetail, SetApprovalBody } from "../../../../shared/schemas/reviews.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";
import { withApproval } from "../review-state.ts";

export interface SetApprovalInput extends SetApprovalBody {
  reviewId: string;
  /** The signed-in user, for the optimistic verdict. */
  byUserId: string;
  byName: string;
}

/**
 * One key's translation in one language (pending clears the verdict); answers the cell's verdict as
 * it is now.
 */
export function setApproval(reviewId: string, body: SetApprovalBody): Promise<Approval> {
  return api.reviews.setApproval({ params: { reviewId }, body });
}

export function setApprovalMutationOptions() {
  return mutationOptions({
    mutationKey: mutationKeys.reviews.setApproval(),
    mutationFn: ({ reviewId, byUserId: _u, byName: _n, ...body }: SetApprovalInput) =>
      setApproval(reviewId, body),
  });
}

/** Optimistic: the verdict and the header's count change at once and go back if the server refuses. */
export function useSetApproval(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...setApprovalMutationOptions(),
    onMutate: async (input) => {
      const key = queryKeys.review(input.reviewId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<ReviewDetail>(key);
      const comment = input.comment?.trim() ?? "";
      const optimistic: Approval = {
        state: input.state,
        comment: input.state === "needs_changes" && comment !== "" ? comment : null,
        byUserId: input.state === "pending" ? null : input.byUserId,
        byName: input.state === "pending" ? null : input.byName,
        at: input.state === "pending" ? null : new Date().toISOString(),
      };
      queryClient.setQueryData<ReviewDetail>(key, (old) =>
        old ? withApproval(old, input.keyId, input.language, optimistic) : old,
      );
      return previous;
    },
    onError: (_error, input, previous) => {
      if (previous) queryClient.setQueryData(queryKeys.review(input.reviewId), previous);
    },
    onSuccess: (approval, input) => {
      queryClient.setQueryData<ReviewDetail>(queryKeys.review(input.reviewId), (old) =>
        old ? withApproval(old, input.keyId, input.language, approval) : old,
      );
    },
    onSettled: (_answer, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectApprovals(projectId) });
      // The server's counts and times, once the last verdict in a row has landed.
      if (queryClient.isMutating({ mutationKey: mutationKeys.reviews.setApproval() }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.review(input.reviewId) });
      }
    },
  });
}
