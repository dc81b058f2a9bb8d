import { MessageSquare } from "lucide-react";
import { languageName } from "../../../../shared/languages.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { relativeTime } from "../../../lib/time-text.ts";
import { useReviewComments } from "../api/review-comments.ts";

/**
 * A review's open comments (issue 21): what is still being asked about its keys, in every language,
 * oldest first. Resolved threads leave the list; the cells' speech bubbles open the threads.
 */
export function ReviewComments({ reviewId }: { reviewId: string }) {
  const comments = useReviewComments(reviewId);
  const headingId = `review-comments-${reviewId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:p-4"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <MessageSquare className="size-4" aria-hidden="true" />
        Comments
        {comments.data && comments.data.length > 0 ? (
          <span className="text-xs font-normal text-muted">{comments.data.length} open</span>
        ) : null}
      </h2>
      {comments.isPending ? (
        <Spinner label="Loading comments" />
      ) : comments.isError ? (
        <p className="text-sm text-danger">Failed to load comments</p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted">No open comments on this review's keys.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" aria-label="Open comments">
          {comments.data.map((comment) => (
            <li key={comment.id} className="flex flex-col gap-0.5 py-2">
              <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
                <span className="font-mono text-foreground break-all">{comment.key}</span>
                <span>{languageName(comment.language)}</span>
                <span className="font-medium">{comment.author ?? "Deleted user"}</span>
                <time dateTime={comment.createdAt}>{relativeTime(comment.createdAt)}</time>
              </div>
              <p className="text-sm break-words whitespace-pre-wrap">{comment.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
