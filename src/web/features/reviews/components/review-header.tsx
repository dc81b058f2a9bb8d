import { Check, GitBranch, Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import { languageName } from "../../../../shared/languages.ts";
import type { ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatWhen } from "../review-format.ts";
import { NO_KEYS_TO_COMPLETE } from "../review-state.ts";

export interface ReviewHeaderProps {
  review: ReviewDetail;
  canManage: boolean;
  onToggleLanguage: (language: string) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * The review's header (spec point 2): owner, status, description, the 'Mark as done' pills (one per
 * project language, with its approved / total count) and the created and last-updated times.
 */
export function ReviewHeader({ review, canManage, onToggleLanguage, onEdit, onDelete }: ReviewHeaderProps) {
  const pillsLabel = useId();
  const owner = review.ownerName ?? "Unknown owner";
  const done = review.status === "completed";
  // Languages of a review without keys can be unmarked, not marked: it cannot be completed.
  const empty = review.keys.length === 0;
  return (
    <section
      aria-label="Review details"
      className="flex flex-col gap-4 rounded-lg border border-border bg-background p-4"
    >
      <div className="flex flex-wrap items-start gap-4">
        <div className="flex items-center gap-2">
          <Avatar name={owner} />
          <div className="flex flex-col">
            <span className="text-xs text-muted">Owner</span>
            <span className="text-sm font-medium">{owner}</span>
          </div>
        </div>
        <span
          className={cn(
            "rounded-full px-2.5 py-0.5 text-xs font-medium",
            done ? "bg-success-soft text-success" : "bg-brand-50 text-brand-700",
          )}
        >
          {done ? "Completed" : "To do"}
        </span>
        {review.branchName ? (
          <span
            className="inline-flex items-center gap-1 rounded-full border border-border px-2.5 py-0.5 text-xs"
            title="This review reads and judges the branch's texts"
          >
            <GitBranch className="size-3" aria-hidden="true" />
            On branch <span className="font-mono">{review.branchName}</span>
          </span>
        ) : null}
        <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-xs">
          <dt className="text-muted">Created</dt>
          <dd>
            <time dateTime={review.createdAt}>{formatWhen(review.createdAt)}</time>
          </dd>
          <dt className="text-muted">Last updated</dt>
          <dd>
            <time dateTime={review.lastUpdatedAt}>{formatWhen(review.lastUpdatedAt)}</time>
          </dd>
        </dl>
      </div>
      <div className="flex items-start gap-2">
        {review.description ? (
          <p className="flex-1 text-sm whitespace-pre-wrap break-words">{review.description}</p>
        ) : (
          <p className="flex-1 text-sm text-muted italic">No description</p>
        )}
        {canManage ? (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label="Edit review" title="Edit review">
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-danger hover:text-danger"
              onClick={onDelete}
              aria-label="Delete review"
              title="Delete review"
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <span id={pillsLabel} className="text-xs font-medium text-muted">
          Mark as done
        </span>
        <ul aria-labelledby={pillsLabel} className="flex flex-wrap gap-2">
          {review.languages.map((code) => {
            const isDone = review.languagesDone.includes(code);
            const counts = review.approvalCounts[code];
            const name = languageName(code);
            return (
              <li
                key={code}
                data-language={code}
                className={cn(
                  "flex items-center rounded-full border text-sm",
                  isDone ? "border-success/40 bg-success-soft" : "border-border-strong bg-background",
                )}
              >
                <button
                  type="button"
                  aria-pressed={isDone}
                  title={
                    isDone ? `Mark ${name} as not done` : empty ? NO_KEYS_TO_COMPLETE : `Mark ${name} as done`
                  }
                  disabled={!canManage || (empty && !isDone)}
                  onClick={() => onToggleLanguage(code)}
                  className="flex items-center gap-1.5 rounded-full py-1 pr-2 pl-3 font-medium focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-4 items-center justify-center rounded-full border",
                      isDone ? "border-success bg-success text-white" : "border-border-strong",
                    )}
                  >
                    {isDone ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                  {name}
                  {code === review.sourceLanguage ? (
                    <span className="text-xs text-muted">(source)</span>
                  ) : null}
                </button>
                {counts ? (
                  <span className="border-l border-border py-1 pr-3 pl-2 text-xs text-muted">
                    {counts.approved.toLocaleString("en")}/{counts.total.toLocaleString("en")} approved
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
