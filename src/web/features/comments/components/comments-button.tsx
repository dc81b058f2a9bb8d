import { MessageSquare } from "lucide-react";
import { useState } from "react";
import type { CommentsSlotProps } from "../../../components/cell-editor/cell-services.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { cn } from "../../../lib/cn.ts";
import { useOpenCommentCount } from "../api/comment-counts.ts";
import { CommentThreadPanel } from "./comment-thread-panel.tsx";

/** The button's name: what it opens and how many comments are open. */
export function commentsLabel(cellLabel: string, openCount: number): string {
  return openCount > 0 ? `Comments on ${cellLabel} (${openCount} open)` : `Comments on ${cellLabel}`;
}

/**
 * A cell's comment thread behind a speech bubble. In the cell's hover actions (`placement`
 * "actions") it is always there; as a "badge" it shows only while the thread has open comments,
 * with their number, so a cell with a question stands out without hovering.
 */
export function CommentsButton({
  projectId,
  keyId,
  language,
  cellLabel,
  onOpenChange,
  placement = "actions",
}: CommentsSlotProps) {
  const [open, setOpenState] = useState(false);
  const openCount = useOpenCommentCount(projectId, keyId, language);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  if (placement === "badge" && openCount === 0 && !open) return null;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn(
            "h-7 w-auto min-w-7 gap-0.5 px-1",
            openCount > 0 && "text-brand-700",
            placement === "badge" && "bg-background/90 shadow-xs",
          )}
          aria-label={commentsLabel(cellLabel, openCount)}
          title="Comments"
          data-comment-count={openCount}
        >
          <MessageSquare aria-hidden="true" />
          {openCount > 0 ? (
            <span className="text-xs font-medium tabular-nums" aria-hidden="true">
              {openCount}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label={`Comments on ${cellLabel}`}
        className="flex max-h-[28rem] w-[min(22rem,calc(100vw-1rem))] flex-col gap-2"
        collisionPadding={8}
      >
        <CommentThreadPanel projectId={projectId} keyId={keyId} language={language} />
      </PopoverContent>
    </Popover>
  );
}
