import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { useReturnFocus } from "./return-focus.ts";

export const Sheet = DialogPrimitive.Root;

export interface SheetContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, "ref"> {
  title: string;
}

/**
 * A modal panel sliding in from the left edge (the app's navigation drawer on phones). Escape and a
 * press on the backdrop close it, and the focus goes back to where it was when it opened.
 */
export function SheetContent({ className, title, children, onCloseAutoFocus, ...props }: SheetContentProps) {
  const returnFocus = useReturnFocus(onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-zinc-950/40 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-72 max-w-[calc(100vw-3rem)] flex-col gap-3 overflow-y-auto",
          "border-r border-border bg-background p-4 shadow-lg data-[state=open]:animate-slide-in-left focus:outline-none",
          className,
        )}
        {...props}
        ref={returnFocus.ref}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      >
        <div className="flex items-center justify-between gap-2">
          <DialogPrimitive.Title className="text-base font-semibold text-foreground">
            {title}
          </DialogPrimitive.Title>
          <DialogPrimitive.Close
            className="rounded-sm p-1 text-muted transition-colors hover:bg-surface-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
