import { useState } from "react";
import type { Comment, Mentionable } from "../../../../shared/schemas/comments.ts";
import { Button } from "../../../components/ui/button.tsx";
import { relativeTime } from "../../../lib/time-text.ts";
import { MentionTextarea } from "./mention-textarea.tsx";

export interface CommentItemProps {
  comment: Comment;
  people: readonly Mentionable[];
  /** The signed-in person wrote it: they may edit and delete it. */
  mine: boolean;
  /** Owners and admins delete anyone's comment. */
  canDelete: boolean;
  busy: boolean;
  onEdit: (body: string, mentions: string[]) => Promise<unknown>;
  onDelete: () => void;
}

/** One comment: who, when, whether resolved, the text; its author edits it in place. */
export function CommentItem({ comment, people, mine, canDelete, busy, onEdit, onDelete }: CommentItemProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>(comment.mentions);
  const [confirming, setConfirming] = useState(false);
  const author = comment.author ?? "Deleted user";

  const save = async () => {
    if (draft === null || draft.trim() === "") return;
    // A failed save keeps the draft open (the panel says why).
    const saved = await onEdit(draft, picked).then(
      () => true,
      () => false,
    );
    if (saved) setDraft(null);
  };

  return (
    <li className="flex flex-col gap-1 py-2" data-comment={comment.id} aria-label={`Comment by ${author}`}>
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
        <span className="font-medium text-foreground">{author}</span>
        <time dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
          {relativeTime(comment.createdAt)}
        </time>
        {comment.editedAt ? <span>(edited)</span> : null}
        {comment.resolvedAt ? (
          <span className="rounded-sm bg-surface-muted px-1 text-[11px]">
            Resolved{comment.resolvedBy ? ` by ${comment.resolvedBy}` : ""}
          </span>
        ) : null}
      </div>
      {draft !== null ? (
        <div className="flex flex-col gap-1">
          <MentionTextarea
            value={draft}
            onChange={setDraft}
            onMention={(person) => setPicked((ids) => [...new Set([...ids, person.id])])}
            onSubmit={() => void save()}
            onCancel={() => setDraft(null)}
            people={people}
            label="Edit comment"
            disabled={busy}
            autoFocus
          />
          <div className="flex justify-end gap-1">
            <Button size="sm" variant="ghost" onClick={() => setDraft(null)} disabled={busy}>
              Cancel
            </Button>
            <Button size="sm" onClick={() => void save()} loading={busy} disabled={draft.trim() === ""}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <p
          className={
            comment.resolvedAt
              ? "text-sm break-words whitespace-pre-wrap text-muted"
              : "text-sm break-words whitespace-pre-wrap"
          }
        >
          {comment.body}
        </p>
      )}
      {confirming ? (
        <div className="flex flex-wrap items-center gap-1 text-xs">
          <span>Delete this comment?</span>
          <Button size="sm" variant="destructive" className="h-6 px-2" onClick={onDelete} loading={busy}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" className="h-6 px-2" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : draft === null && (mine || canDelete) ? (
        <div className="flex gap-1">
          {mine ? (
            <Button
              size="sm"
              variant="link"
              className="text-xs"
              aria-label={`Edit comment by ${author}`}
              onClick={() => {
                setPicked(comment.mentions);
                setDraft(comment.body);
              }}
            >
              Edit
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="link"
            className="text-xs text-danger"
            aria-label={`Delete comment by ${author}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
