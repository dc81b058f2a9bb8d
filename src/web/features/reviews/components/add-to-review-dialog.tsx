import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import type { ReviewSummary } from "../../../../shared/schemas/reviews.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { cn } from "../../../lib/cn.ts";
import { useAddReviewKeys } from "../api/add-review-keys.ts";
import { useCreateReview } from "../api/create-review.ts";
import { useReviews } from "../api/list-reviews.ts";
import { pendingReviews, REVIEW_ERRORS } from "../review-state.ts";
import { ReviewFieldInputs, reviewFieldsSchema } from "./review-form-dialog.tsx";

const NEW = "new";

const formSchema = z
  .object({ target: z.string().min(1, "Choose a review"), title: z.string(), description: z.string() })
  .superRefine((values, ctx) => {
    if (values.target !== NEW) return;
    const fields = reviewFieldsSchema.safeParse(values);
    if (fields.success) return;
    for (const issue of fields.error.issues) ctx.addIssue({ ...issue, code: "custom" });
  });

export interface AddToReviewDialogProps {
  projectId: string;
  keyIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The keys are in a review now (e.g. clear the selection). */
  onAdded?: () => void;
}

const reviewPath = (review: { id: string }) => `/app/review/${encodeURIComponent(review.id)}`;

function keysText(count: number): string {
  return `${count.toLocaleString("en")} ${count === 1 ? "key" : "keys"}`;
}

function AddToReviewForm({
  projectId,
  keyIds,
  pending,
  loadFailed,
  onDone,
}: {
  projectId: string;
  keyIds: readonly string[];
  pending: ReviewSummary[];
  loadFailed: boolean;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const addKeys = useAddReviewKeys();
  const createReview = useCreateReview(projectId);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { target: pending[0]?.id ?? NEW, title: "", description: "" },
  });
  const target = useWatch({ control: form.control, name: "target" });
  const { errors, isSubmitting } = form.formState;
  const openAction = (review: { id: string }) => ({
    label: "Open review",
    onClick: () => navigate(reviewPath(review)),
  });

  const submit = form.handleSubmit(async (values) => {
    const ids = [...keyIds];
    if (values.target === NEW) {
      const fields = reviewFieldsSchema.parse(values);
      try {
        const review = await createReview.mutateAsync({ ...fields, keyIds: ids });
        toast.success(`Review “${review.title}” created with ${keysText(ids.length)}`);
        onDone();
        // Someone who just made a review goes on to review it (issue 19): open it, not stay here.
        navigate(reviewPath(review));
      } catch {
        form.setError("root.server", { message: REVIEW_ERRORS.addKeys });
      }
      return;
    }
    try {
      const review = await addKeys.mutateAsync({ reviewId: values.target, keyIds: ids });
      toast.success(`${keysText(ids.length)} added to “${review.title}”`, { action: openAction(review) });
      onDone();
    } catch {
      form.setError("root.server", { message: REVIEW_ERRORS.addKeys });
    }
  });

  const option = (value: string, title: string, detail: string) => (
    <label
      key={value}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm transition-colors",
        target === value ? "border-brand-500 bg-brand-50" : "border-border hover:bg-surface-muted",
      )}
    >
      <input type="radio" value={value} className="mt-1 accent-brand-600" {...form.register("target")} />
      <span className="flex min-w-0 flex-col">
        <span className="font-medium break-words">{title}</span>
        <span className="text-xs text-muted">{detail}</span>
      </span>
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Review</legend>
        {loadFailed ? (
          <p role="alert" className="text-sm text-danger">
            {REVIEW_ERRORS.loadList}
          </p>
        ) : null}
        <div className="flex max-h-60 flex-col gap-2 overflow-y-auto">
          {pending.map((review) =>
            option(
              review.id,
              review.title,
              `${keysText(review.keyCount)}${review.ownerName ? ` · ${review.ownerName}` : ""}`,
            ),
          )}
          {option(NEW, "New review", `Create a review with the ${keysText(keyIds.length)}`)}
        </div>
      </fieldset>
      {target === NEW ? (
        <ReviewFieldInputs
          title={form.register("title")}
          description={form.register("description")}
          errors={errors}
          autoFocus={pending.length === 0}
        />
      ) : null}
      <FormServerError message={errors.root?.server?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          {target === NEW ? "Create Review" : "Add to Review"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add to Review (spec point 2 dialogs): the selected keys go to a pending review, or to a new one. */
export function AddToReviewDialog({
  projectId,
  keyIds,
  open,
  onOpenChange,
  onAdded,
}: AddToReviewDialogProps) {
  const reviews = useReviews(open ? projectId : null);
  const ready = reviews.data !== undefined || reviews.isError;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add to Review"
        description={`Add the ${keysText(keyIds.length)} you selected to a pending review, or create a new one.`}
      >
        {open && ready ? (
          <AddToReviewForm
            projectId={projectId}
            keyIds={keyIds}
            pending={pendingReviews(reviews.data ?? [])}
            loadFailed={reviews.isError}
            onDone={() => {
              onAdded?.();
              onOpenChange(false);
            }}
          />
        ) : open ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading reviews" className="size-5 text-brand-600" />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
