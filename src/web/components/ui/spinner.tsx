import { cn } from "../../lib/cn.ts";

export interface SpinnerProps {
  className?: string;
  /** Accessible text; omit when the spinner sits in a control that already says what is happening. */
  label?: string;
}

const ringClasses =
  "inline-block size-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent";

export function Spinner({ className, label }: SpinnerProps) {
  if (!label) return <span aria-hidden="true" className={cn(ringClasses, className)} />;
  return (
    <span role="status" className="inline-flex items-center">
      <span aria-hidden="true" className={cn(ringClasses, className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
