import { ArrowLeft, CheckCheck, ClipboardList, Plus, RotateCcw } from "lucide-react";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { Approval, ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { EditingContext } from "../../../components/cell-editor/editing-context.tsx";
import { UnsavedChangesDialog } from "../../../components/cell-editor/unsaved-changes-dialog.tsx";
import { useCellEditing } from "../../../components/cell-editor/use-cell-editing.ts";
import { useOutsidePointer } from "../../../components/cell-editor/use-outside-pointer.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { useDeleteReview } from "../api/delete-review.ts";
import { useRemoveReviewKey } from "../api/remove-review-key.ts";
import { useSetApproval } from "../api/set-approval.ts";
import { useReviewActions } from "../hooks/use-review-actions.ts";
import { useReviewRealtime } from "../hooks/use-review-realtime.ts";
import { NO_KEYS_TO_COMPLETE, REVIEW_ERRORS } from "../review-state.ts";
import { AddReviewKeysDialog } from "./add-review-keys-dialog.tsx";
import { ReviewFormDialog } from "./review-form-dialog.tsx";
import { ReviewHeader } from "./review-header.tsx";
import { ReviewTable, type ReviewTableProps } from "./review-table.tsx";

export interface ReviewViewProps {
  review: ReviewDetail;
  /** The signed-in user, for the verdicts they give. */
  user: { id: string; name: string };
  /** reviews.manage: Add key, Mark as done / Re-open review, the language pills, Edit. */
  canManage: boolean;
  /** reviews.approve: Approve and Needs changes. */
  canApprove: boolean;
  /** Beside each key's name (the page passes the screenshots' camera). */
  KeyNote?: ReviewTableProps["KeyNote"];
  /** Under the key table (the page passes the review's open comments). */
  footer?: ReactNode;
}

/**
 * An open review (spec point 2 "Review detail"): the bar, the header with the language pills, and the
 * key table whose cells are the Overview's cell editors, kept current by the event stream.
 */
export function ReviewView({ review, user, canManage, canApprove, KeyNote, footer }: ReviewViewProps) {
  const projectId = review.projectId;
  const editing = useCellEditing(projectId);
  const keyIds = useMemo(() => new Set(review.keys.map((row) => row.id)), [review.keys]);
  useReviewRealtime({ projectId, reviewId: review.id, keyIds, onTheirChange: editing.receiveTheirs });
  useOutsidePointer(editing.session !== null, editing.requestClose);
  const actions = useReviewActions(projectId);
  const { mutate: setApproval } = useSetApproval(projectId);
  const [addingKeys, setAddingKeys] = useState(false);
  const [editingReview, setEditingReview] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const deleteReview = useDeleteReview(projectId);
  const { mutate: removeKey } = useRemoveReviewKey(projectId);
  const done = review.status === "completed";

  const onSetApproval = useCallback(
    (keyId: string, language: string, state: Approval["state"], comment?: string) => {
      setApproval(
        {
          reviewId: review.id,
          keyId,
          language,
          state,
          ...(state === "needs_changes" && comment ? { comment } : {}),
          byUserId: user.id,
          byName: user.name,
        },
        { onError: () => toast.error(REVIEW_ERRORS.update) },
      );
    },
    [setApproval, review.id, user.id, user.name],
  );

  const onRemoveKey = useCallback(
    (keyId: string, key: string) =>
      removeKey(
        { reviewId: review.id, keyId },
        {
          onSuccess: () => toast.success(`${key} removed from the review`),
          onError: () => toast.error(REVIEW_ERRORS.update),
        },
      ),
    [removeKey, review.id],
  );

  const confirmDelete = () =>
    deleteReview.mutate(review.id, {
      onSuccess: () => {
        toast.success("Review deleted");
        navigate("/app/reviews");
      },
      onError: () => toast.error(REVIEW_ERRORS.generic),
    });

  const addKeyButton = canManage ? (
    <Button variant="outline" onClick={() => setAddingKeys(true)}>
      <Plus aria-hidden="true" />
      Add key
    </Button>
  ) : null;

  return (
    <EditingContext.Provider value={editing}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="ghost" size="sm">
            <Link to="/app/reviews">
              <ArrowLeft aria-hidden="true" />
              All reviews
            </Link>
          </Button>
          <h1 className="min-w-0 flex-1 text-lg font-semibold tracking-tight break-words">{review.title}</h1>
          <div className="flex flex-wrap items-center gap-2">
            {addKeyButton}
            {canManage ? (
              done ? (
                <Button variant="outline" onClick={() => actions.setStatus(review, "pending")}>
                  <RotateCcw aria-hidden="true" />
                  Re-open review
                </Button>
              ) : (
                <Button
                  disabled={review.keys.length === 0}
                  title={review.keys.length === 0 ? NO_KEYS_TO_COMPLETE : undefined}
                  onClick={() => actions.setStatus(review, "completed")}
                >
                  <CheckCheck aria-hidden="true" />
                  Mark as done
                </Button>
              )
            ) : null}
          </div>
        </div>
        <ReviewHeader
          review={review}
          canManage={canManage}
          onToggleLanguage={(language) => actions.toggleLanguage(review, language)}
          onEdit={() => setEditingReview(true)}
          onDelete={() => setDeleting(true)}
        />
        {review.keys.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title="Add keys to review"
            description="Pick keys here, or select them in the Overview and choose Review."
            action={addKeyButton}
          />
        ) : (
          <ReviewTable
            review={review}
            canApprove={canApprove}
            editingKeyId={editing.session?.keyId ?? null}
            onSetApproval={onSetApproval}
            onRemoveKey={canManage ? onRemoveKey : undefined}
            KeyNote={KeyNote}
          />
        )}
        {footer}
      </div>
      <AddReviewKeysDialog review={review} open={addingKeys} onOpenChange={setAddingKeys} />
      <ReviewFormDialog
        open={editingReview}
        onOpenChange={setEditingReview}
        initial={{ title: review.title, description: review.description }}
        onSubmit={(fields) => actions.edit(review, fields)}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete review?"
        description={
          <>
            Delete <span className="font-medium text-foreground">{review.title}</span> and its verdicts? Its
            keys and translations stay.
          </>
        }
        confirmLabel="Delete"
        destructive
        loading={deleteReview.isPending}
        onConfirm={confirmDelete}
      />
      <UnsavedChangesDialog editing={editing} />
    </EditingContext.Provider>
  );
}
