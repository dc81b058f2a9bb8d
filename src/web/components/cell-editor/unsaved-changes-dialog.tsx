import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import type { CellEditing } from "./use-cell-editing.ts";

export const UNSAVED_QUESTION = "You have unsaved changes. Would you like to save them?";

/** The question an open cell editor asks before it is left with typed changes (spec point 4). */
export function UnsavedChangesDialog({ editing }: { editing: CellEditing }) {
  return (
    <ConfirmDialog
      open={editing.askingUnsaved}
      onOpenChange={(open) => {
        if (!open) editing.answerUnsaved("cancel");
      }}
      title="Unsaved changes"
      description={UNSAVED_QUESTION}
      confirmLabel="Save"
      cancelLabel="Discard"
      onConfirm={() => editing.answerUnsaved("save")}
      onCancel={() => editing.answerUnsaved("discard")}
    />
  );
}
