import { useId, useMemo, useState } from "react";
import { toast } from "sonner";
import type { ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAddReviewKeys } from "../api/add-review-keys.ts";
import { useProjectKeys } from "../api/list-project-keys.ts";
import { REVIEW_ERRORS } from "../review-state.ts";

/** Keys listed at once; the search narrows the rest down. */
const SHOWN_MAX = 200;

export interface AddReviewKeysDialogProps {
  review: ReviewDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function AddKeysForm({ review, onDone }: { review: ReviewDetail; onDone: () => void }) {
  const keysQuery = useProjectKeys(review.projectId);
  const addKeys = useAddReviewKeys();
  const idPrefix = useId();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | undefined>();
  const inReview = useMemo(() => new Set(review.keys.map((row) => row.id)), [review.keys]);
  const candidates = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (keysQuery.data ?? []).filter(
      (row) => !inReview.has(row.id) && (needle === "" || row.key.toLowerCase().includes(needle)),
    );
  }, [keysQuery.data, inReview, search]);
  const shown = candidates.slice(0, SHOWN_MAX);
  const loading = keysQuery.data === undefined;

  const toggle = (keyId: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(keyId);
      else next.delete(keyId);
      return next;
    });

  const submit = () => {
    if (chosen.size === 0) return;
    setFailure(undefined);
    addKeys.mutate(
      { reviewId: review.id, keyIds: [...chosen] },
      {
        onSuccess: () => {
          toast.success(
            chosen.size === 1 ? "1 key added to the review" : `${chosen.size} keys added to the review`,
          );
          onDone();
        },
        onError: () => setFailure(REVIEW_ERRORS.addKeys),
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SearchInput
        label="Search keys"
        placeholder="Search keys..."
        className="max-w-none"
        value={search}
        autoFocus
        onChange={(event) => setSearch(event.target.value)}
      />
      {keysQuery.isError && !keysQuery.data ? (
        <p role="alert" className="text-sm text-danger">
          Failed to load translation keys. Please try again.
        </p>
      ) : null}
      <ul
        aria-label="Keys"
        className="flex max-h-72 flex-col gap-0.5 overflow-y-auto rounded-md border border-border p-1"
      >
        {shown.map((row) => (
          <li key={row.id} className="flex items-center gap-2 rounded-sm px-2 py-1.5 hover:bg-surface-muted">
            <Checkbox
              id={`${idPrefix}-${row.id}`}
              checked={chosen.has(row.id)}
              onCheckedChange={(on) => toggle(row.id, on === true)}
            />
            <label
              htmlFor={`${idPrefix}-${row.id}`}
              className="min-w-0 flex-1 cursor-pointer font-mono text-xs break-all"
            >
              {row.key}
            </label>
          </li>
        ))}
        {shown.length === 0 && !loading ? (
          <li className="px-2 py-3 text-center text-sm text-muted">
            {search.trim() === "" ? "Every key of the project is in this review." : "No keys match."}
          </li>
        ) : null}
        {loading ? (
          <li className="flex justify-center py-3">
            <Spinner label="Loading keys" className="text-brand-600" />
          </li>
        ) : null}
      </ul>
      {candidates.length > SHOWN_MAX ? (
        <p className="text-xs text-muted">
          Showing {SHOWN_MAX} of {candidates.length.toLocaleString("en")} keys: search to narrow them down.
        </p>
      ) : null}
      <FormServerError message={failure} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={addKeys.isPending} disabled={chosen.size === 0}>
          {chosen.size > 1 ? `Add ${chosen.size.toLocaleString("en")} keys` : "Add key"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add key (the review's bar): keys of the project that are not in the review yet. */
export function AddReviewKeysDialog({ review, open, onOpenChange }: AddReviewKeysDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add keys" description="Choose keys of this project to add to the review.">
        {open ? <AddKeysForm review={review} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
