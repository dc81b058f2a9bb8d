import { cn } from "../../lib/cn.ts";

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

/** A two-or-more way switch (e.g. Monthly / Yearly) built as a radio group. */
export function SegmentedControl<T extends string>({
  options,
  value,
  onChange,
  label,
  className,
}: {
  options: SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  className?: string;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn("inline-flex rounded-md border border-border bg-surface-muted p-0.5", className)}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a styled segmented switch, radio semantics given explicitly
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(option.value)}
            className={cn(
              "rounded-[6px] px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
              selected ? "bg-background text-foreground shadow-xs" : "text-muted hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
