import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export const controlClasses = [
  "w-full rounded-md border border-border-strong bg-background px-3 text-sm text-foreground shadow-xs",
  "placeholder:text-muted transition-[border-color,box-shadow] duration-150",
  "focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-brand-500/20",
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-muted",
  "aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/20",
].join(" ");

export function Input({ className, type, ...props }: ComponentProps<"input">) {
  return <input type={type ?? "text"} className={cn(controlClasses, "h-9", className)} {...props} />;
}
