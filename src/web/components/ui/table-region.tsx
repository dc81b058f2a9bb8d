import type { ReactNode } from "react";

/**
 * A wide table in a region that scrolls sideways on a narrow screen, named for screen readers and
 * reachable by keyboard (a scrollable region must be, or its hidden columns are not).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full text-left text-sm">{children}</table>
    </section>
  );
}
