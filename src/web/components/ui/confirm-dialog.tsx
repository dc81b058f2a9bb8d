import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { Button } from "./button.tsx";
import { useReturnFocus } from "./return-focus.ts";

export interface ConfirmDialogProps {
  open: boolean;
  /** Called with false when the dialog is dismissed (Escape) without a choice. */
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button (deleting). */
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  /** Runs instead of only closing when the cancel button is pressed (e.g. 'Discard'). */
  onCancel?: () => void;
}

/**
 * The generic confirmation (spec point 2 dialogs): a delete confirmation, or the unsaved-changes
 * question. The confirm button does not close the dialog by itself: the caller closes it when done.
 * On closing, the focus goes back to where it was when the dialog opened (see return-focus.ts).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          ref={returnFocus.ref}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4",
            "rounded-lg border border-border bg-background p-6 shadow-lg data-[state=open]:animate-scale-in focus:outline-none",
          )}
        >
          <div className="flex flex-col gap-1.5">
            <AlertDialog.Title className="text-base font-semibold text-foreground">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted">{description}</AlertDialog.Description>
          </div>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" onClick={onCancel} disabled={loading}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? "destructive" : "primary"}
              loading={loading}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
