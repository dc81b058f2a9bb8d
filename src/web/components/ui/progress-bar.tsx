import { cn } from "../../lib/cn.ts";

/** A thin determinate progress bar (batch translation, import, export), 0-100. */
export function ProgressBar({
  label,
  value,
  className,
}: {
  label: string;
  value: number;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn("h-1.5 overflow-hidden rounded-full bg-brand-50", className)}
    >
      <div className="h-full bg-brand-600 transition-[width] duration-300" style={{ width: `${value}%` }} />
    </div>
  );
}
