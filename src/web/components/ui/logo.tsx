import { cn } from "../../lib/cn.ts";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-7", className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M11 21.5c1.2 1 2.9 1.6 4.8 1.6 2.9 0 4.7-1.4 4.7-3.5 0-4.6-9-2.6-9-7 0-2 1.8-3.5 4.5-3.5 1.7 0 3.2.5 4.3 1.4"
        fill="none"
        stroke="white"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The logo: mark plus the word "Sprog". */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-base font-semibold tracking-tight", className)}>
      <LogoMark />
      <span>Sprog</span>
    </span>
  );
}
