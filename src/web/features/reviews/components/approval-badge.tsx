import { CircleCheck, MessageSquareWarning } from "lucide-react";
import { cn } from "../../../lib/cn.ts";

export const APPROVAL_LABELS = { approved: "Approved", needs_changes: "Needs changes" } as const;

export interface ApprovalBadgeProps {
  state: "approved" | "needs_changes";
  comment?: string | null | undefined;
  /** Who gave the verdict (shown in the tooltip). */
  byName?: string | null | undefined;
  className?: string;
}

/**
 * A translation's verdict in a review: 'Approved' or 'Needs changes', the reviewer and comment in its
 * tooltip. The Overview's cells and the review table both show it.
 */
export function ApprovalBadge({ state, comment, byName, className }: ApprovalBadgeProps) {
  const label = APPROVAL_LABELS[state];
  const Icon = state === "approved" ? CircleCheck : MessageSquareWarning;
  const tooltip = `${label}${byName ? ` by ${byName}` : ""}${comment ? `: “${comment}”` : ""}`;
  return (
    <span
      role="img"
      aria-label={label}
      title={tooltip}
      data-approval={state}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        state === "approved" ? "bg-success-soft text-success" : "bg-amber-50 text-warning",
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span aria-hidden="true">{label}</span>
    </span>
  );
}
