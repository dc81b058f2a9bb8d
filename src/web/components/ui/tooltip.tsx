import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * A tooltip that opens on hover and on keyboard focus of its trigger (Radix Tooltip), closes on
 * Escape and is announced through aria-describedby. For extra words about something on screen, never
 * for the only way to reach an action.
 */
export const TooltipProvider = TooltipPrimitive.Provider;
export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset ?? 4}
        collisionPadding={8}
        className={cn(
          "z-50 max-w-72 rounded-md border border-border bg-background px-3 py-2 text-xs text-foreground shadow-md",
          "data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in",
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
