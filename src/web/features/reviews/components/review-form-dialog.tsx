import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { z } from "zod";
import { createReviewBodySchema, DESCRIPTION_MAX } from "../../../../shared/schemas/reviews.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";

/** Spec point 5: title required ('Title is required'), description optional, both trimmed. */
export const reviewFieldsSchema = z.object({
  title: createReviewBodySchema.shape.title,
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
});
export type ReviewFields = z.output<typeof reviewFieldsSchema>;

type FieldErrors = { title?: { message?: string }; description?: { message?: string } };

/** The Title and Description fields, shared by Create Review, Edit review and Add to Review → new. */
export function ReviewFieldInputs({
  title,
  description,
  errors,
  autoFocus = true,
}: {
  title: UseFormRegisterReturn<"title">;
  description: UseFormRegisterReturn<"description">;
  errors: FieldErrors;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormField label="Title" error={errors.title?.message}>
        <Input autoComplete="off" placeholder="Checkout screens" autoFocus={autoFocus} {...title} />
      </FormField>
      <FormField label="Description" optional error={errors.description?.message}>
        <Textarea rows={3} placeholder="What should reviewers look at?" {...description} />
      </FormField>
    </>
  );
}

export interface ReviewFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit these values; absent: Create Review. */
  initial?: ReviewFields;
  /** Saves the trimmed values; answers an error text to show in the form, or undefined when done. */
  onSubmit: (values: ReviewFields) => Promise<string | undefined>;
}

function ReviewForm({
  initial,
  onSubmit,
  onDone,
}: Pick<ReviewFormDialogProps, "initial" | "onSubmit"> & { onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(reviewFieldsSchema),
    defaultValues: initial ?? { title: "", description: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const failure = await onSubmit(values);
    if (failure) form.setError("root.server", { message: failure });
    else onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ReviewFieldInputs
        title={form.register("title")}
        description={form.register("description")}
        errors={errors}
      />
      <FormServerError message={errors.root?.server?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          {initial ? "Save" : "Create Review"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Create Review (also called New review) and Edit review (spec point 2 dialogs). */
export function ReviewFormDialog({ open, onOpenChange, initial, onSubmit }: ReviewFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={initial ? "Edit review" : "Create Review"}
        description={
          initial
            ? "Change the review's title and description."
            : "A review is a list of keys to check, language by language."
        }
      >
        {open ? (
          <ReviewForm initial={initial} onSubmit={onSubmit} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
