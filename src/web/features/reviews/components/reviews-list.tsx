import { CircleCheck, GitBranch, KeyRound } from "lucide-react";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import type { ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { cn } from "../../../lib/cn.ts";
import { reviewPath } from "../hooks/use-review-navigation.ts";
import { formatWhen } from "../review-format.ts";
import { NO_KEYS_TO_COMPLETE } from "../review-state.ts";

export interface ReviewsListProps {
  todo: ReviewSummary[];
  completed: ReviewSummary[];
  /** The review being opened (the 200 ms navigation delay). */
  opening: string | null;
  canManage: boolean;
  onToggleStatus: (review: ReviewSummary) => void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>, reviewId: string) => void;
}

function ReviewItem({
  review,
  opening,
  canManage,
  onToggleStatus,
  onLinkClick,
}: Omit<ReviewsListProps, "todo" | "completed"> & { review: ReviewSummary }) {
  const owner = review.ownerName ?? "Unknown owner";
  const done = review.status === "completed";
  const empty = review.keyCount === 0;
  return (
    <li
      className={cn(
        "flex items-start gap-3 rounded-lg border border-border bg-background px-4 py-3 transition-colors hover:bg-surface",
        opening === review.id && "bg-brand-50",
      )}
    >
      <button
        type="button"
        className="relative mt-0.5 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default"
        aria-label={done ? `Re-open ${review.title}` : `Mark ${review.title} as done`}
        title={`${owner} · ${done ? "click to re-open" : empty ? NO_KEYS_TO_COMPLETE.toLowerCase() : "click to mark as done"}`}
        disabled={!canManage || (empty && !done)}
        onClick={() => onToggleStatus(review)}
      >
        <Avatar name={owner} />
        {done ? (
          <CircleCheck
            className="absolute -right-1 -bottom-1 size-4 rounded-full bg-background text-success"
            aria-hidden="true"
          />
        ) : null}
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link
          to={reviewPath(review.id)}
          onClick={(event) => onLinkClick(event, review.id)}
          aria-busy={opening === review.id || undefined}
          className={cn(
            "w-fit font-medium break-words text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring",
            done && "text-muted line-through decoration-muted/60",
          )}
        >
          {review.title}
        </Link>
        {review.description ? (
          <p className="line-clamp-2 text-sm break-words text-muted">{review.description}</p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          {review.branchName ? (
            <span className="inline-flex items-center gap-1 font-mono" title="The branch this review is of">
              <GitBranch className="size-3" aria-hidden="true" />
              {review.branchName}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <KeyRound className="size-3" aria-hidden="true" />
            {review.keyCount.toLocaleString("en")} {review.keyCount === 1 ? "key" : "keys"}
          </span>
          <span>
            {review.languagesDone.length} {review.languagesDone.length === 1 ? "language" : "languages"} done
          </span>
          <span>{owner}</span>
          <span>{review.assignee}</span>
          <span>Updated {formatWhen(review.lastUpdatedAt)}</span>
        </p>
      </div>
    </li>
  );
}

function Section({
  title,
  reviews,
  empty,
  ...item
}: Omit<ReviewsListProps, "todo" | "completed"> & {
  title: string;
  reviews: ReviewSummary[];
  empty: string;
}) {
  const id = `reviews-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="flex items-center gap-2 text-sm font-semibold">
        {title}
        <span className="rounded-full bg-surface-muted px-2 text-xs font-medium text-muted">
          {reviews.length.toLocaleString("en")}
        </span>
      </h2>
      {reviews.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="flex flex-col gap-2">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} {...item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The Reviews list (spec point 2): To do and Completed; the owner's avatar toggles the status. */
export function ReviewsList({ todo, completed, ...item }: ReviewsListProps) {
  return (
    <div className="flex flex-col gap-6">
      <Section title="To do" reviews={todo} empty="Nothing to do." {...item} />
      <Section title="Completed" reviews={completed} empty="No completed reviews yet." {...item} />
    </div>
  );
}
