import { Check, MessageSquareWarning, Undo2 } from "lucide-react";
import { useState } from "react";
import { type Approval, COMMENT_MAX } from "../../../../shared/schemas/reviews.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { approvalStateOf, verdictAuthor } from "../review-state.ts";
import { ApprovalBadge } from "./approval-badge.tsx";

export interface ApprovalControlsProps {
  /** "German of greeting": for the buttons' accessible names. */
  cellLabel: string;
  approval: Approval | undefined;
  /** No right to judge: the verdict shows, the buttons are disabled. */
  disabled: boolean;
  /** No string yet: nothing to approve (it may still need changes: a translation). */
  empty: boolean;
  onSet: (state: Approval["state"], comment?: string) => void;
}

/**
 * One translation's verdict in a review table: Approve (again: back to pending), Needs changes with
 * an optional comment, and Reset. The verdict and its comment show above the buttons.
 */
export function ApprovalControls({ cellLabel, approval, disabled, empty, onSet }: ApprovalControlsProps) {
  const state = approvalStateOf(approval);
  const author = verdictAuthor(approval);
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState("");
  const tooLong = comment.trim().length > COMMENT_MAX;

  return (
    <div className="flex flex-col gap-1">
      {state !== "pending" ? (
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <ApprovalBadge state={state} comment={approval?.comment} byName={author} />
          {author ? <span className="text-muted">by {author}</span> : null}
        </div>
      ) : null}
      {approval?.comment ? (
        <p className="rounded-sm bg-amber-50/70 px-2 py-1 text-xs whitespace-pre-wrap break-words text-foreground">
          {approval.comment}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1">
        <Button
          size="sm"
          variant={state === "approved" ? "secondary" : "outline"}
          className="h-7 px-2"
          aria-pressed={state === "approved"}
          aria-label={`Approve ${cellLabel}`}
          title={
            empty
              ? "Nothing to approve yet"
              : state === "approved"
                ? "Approved (click to set back to pending)"
                : "Approve"
          }
          disabled={disabled || (empty && state !== "approved")}
          onClick={() => onSet(state === "approved" ? "pending" : "approved")}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Popover
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (next) setComment(approval?.comment ?? "");
          }}
        >
          <PopoverTrigger asChild>
            <Button
              size="sm"
              variant={state === "needs_changes" ? "secondary" : "outline"}
              className="h-7 px-2"
              aria-pressed={state === "needs_changes"}
              aria-label={`Needs changes: ${cellLabel}`}
              title="Needs changes"
              disabled={disabled}
            >
              <MessageSquareWarning aria-hidden="true" />
              Needs changes
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label={`Needs changes: ${cellLabel}`} align="start">
            <form
              className="flex flex-col gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (tooLong) return;
                onSet("needs_changes", comment.trim());
                setOpen(false);
              }}
            >
              <FormField
                label="Comment"
                optional
                error={tooLong ? `A comment must be at most ${COMMENT_MAX} characters` : undefined}
              >
                <Textarea
                  rows={3}
                  value={comment}
                  autoFocus
                  placeholder="What should change?"
                  onChange={(event) => setComment(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
                      event.currentTarget.form?.requestSubmit();
                    }
                  }}
                />
              </FormField>
              <div className="flex justify-end gap-2">
                <PopoverClose asChild>
                  <Button size="sm" variant="outline">
                    Cancel
                  </Button>
                </PopoverClose>
                <Button size="sm" type="submit">
                  Mark needs changes
                </Button>
              </div>
            </form>
          </PopoverContent>
        </Popover>
        {state !== "pending" ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2"
            aria-label={`Reset the verdict on ${cellLabel}`}
            title="Back to pending"
            disabled={disabled}
            onClick={() => onSet("pending")}
          >
            <Undo2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
