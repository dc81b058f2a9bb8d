import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "sonner";
import type { ReviewDetail, ReviewStatus, ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { useUpdateReview } from "../api/update-review.ts";
import type { ReviewFields } from "../components/review-form-dialog.tsx";
import { languageNotice, NOTICES, REVIEW_ERRORS, toggleLanguageDone } from "../review-state.ts";

/**
 * The review changes a person makes in the list and the detail, each optimistic and reverted on
 * failure with the spec's texts (points 4 and 8).
 */
export function useReviewActions(projectId: string) {
  const queryClient = useQueryClient();
  const { mutate, mutateAsync } = useUpdateReview(projectId);

  // After a refusal the caches are back to before; fetch them so that overlapping changes agree too.
  const resync = useCallback(
    (reviewId: string) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.review(reviewId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projectReviews(projectId) });
    },
    [queryClient, projectId],
  );

  /** Mark as done / Re-open review, and the owner avatar in the list. Re-opening unmarks every language. */
  const setStatus = useCallback(
    (review: ReviewSummary, status: ReviewStatus) => {
      const hadLanguages = review.languagesDone.length > 0;
      mutate(
        { reviewId: review.id, body: { status } },
        {
          onSuccess: () => {
            if (status === "pending") toast.success(NOTICES.allUnmarked);
          },
          onError: () => {
            toast.error(
              status === "pending" && hadLanguages ? REVIEW_ERRORS.unmarkLanguages : REVIEW_ERRORS.update,
            );
            resync(review.id);
          },
        },
      );
    },
    [mutate, resync],
  );

  const toggleStatus = useCallback(
    (review: ReviewSummary) => setStatus(review, review.status === "completed" ? "pending" : "completed"),
    [setStatus],
  );

  /** A 'Mark as done' language pill: every language done completes the review. */
  const toggleLanguage = useCallback(
    (review: ReviewDetail, language: string) => {
      const next = toggleLanguageDone(review.languagesDone, language, review.languages);
      const notice = languageNotice(review, next, review.languages);
      mutate(
        { reviewId: review.id, body: { languagesDone: next } },
        {
          onSuccess: () => toast.success(notice),
          onError: () => {
            toast.error(REVIEW_ERRORS.languageCompletion);
            resync(review.id);
          },
        },
      );
    },
    [mutate, resync],
  );

  /** Edit review: answers the text to show in the form when it failed. */
  const edit = useCallback(
    async (review: ReviewSummary, fields: ReviewFields): Promise<string | undefined> => {
      try {
        await mutateAsync({ reviewId: review.id, body: fields });
        return undefined;
      } catch {
        resync(review.id);
        return REVIEW_ERRORS.update;
      }
    },
    [mutateAsync, resync],
  );

  return { setStatus, toggleStatus, toggleLanguage, edit };
}
