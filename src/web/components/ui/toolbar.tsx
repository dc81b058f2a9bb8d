import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** The row above a tab's content: title on the left, search and actions on the right. */
export function Toolbar({
  title,
  children,
  className,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
      <div className="flex flex-1 flex-wrap items-center justify-end gap-2">{children}</div>
    </div>
  );
}
