import { cn } from "../../lib/cn.ts";

/** "Step N of M" with a small progress bar for the onboarding screens. */
export function StepIndicator({
  step,
  total,
  className,
}: {
  step: number;
  total: number;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center gap-2", className)}>
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{`Step ${step} of ${total}`}</p>
      <div className="flex gap-1.5" aria-hidden="true">
        {Array.from({ length: total }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length decorative list
            key={index}
            className={cn("h-1 w-8 rounded-full", index < step ? "bg-brand-600" : "bg-border")}
          />
        ))}
      </div>
    </div>
  );
}
