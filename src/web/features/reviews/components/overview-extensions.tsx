import { ClipboardCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { useCellApproval } from "../api/list-approvals.ts";
import { ApprovalBadge } from "./approval-badge.tsx";

// Loaded when first opened: the Overview's first rows do not wait for the review forms.
const AddToReviewDialog = lazyDialog(() =>
  import("./add-to-review-dialog.tsx").then((module) => module.AddToReviewDialog),
);

/** The Overview selection bar's Review: Add to Review (an existing pending review or a new one). */
export function ReviewSelectionAction({
  projectId,
  keyIds,
  onDone,
}: {
  projectId: string;
  keyIds: string[];
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <ClipboardCheck aria-hidden="true" />
        Review
      </Button>
      <AddToReviewDialog
        projectId={projectId}
        keyIds={keyIds}
        open={open}
        onOpenChange={setOpen}
        onAdded={onDone}
      />
    </>
  );
}

/** An Overview cell's current verdict across the project's reviews, if there is one. */
export function CellApprovalNote({
  projectId,
  keyId,
  language,
  version,
}: {
  projectId: string;
  keyId: string;
  language: string;
  version: number | undefined;
}) {
  const verdict = useCellApproval(projectId, keyId, language, version);
  return verdict ? <ApprovalBadge state={verdict.state} comment={verdict.comment} /> : null;
}
