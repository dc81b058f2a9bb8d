import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { controlClasses } from "./input.tsx";

export function Textarea({ className, rows, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows ?? 4} className={cn(controlClasses, "min-h-20 py-2", className)} {...props} />;
}
