import { ChevronDown } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn.ts";

const isCut = (text: HTMLElement | null) => text !== null && text.scrollWidth > text.clientWidth + 1;

/**
 * A notice's text that keeps to one line on a phone (below 640 px), cut with '…', with a chevron that
 * shows all of it (issue 34: banners stacked above the keys filled the screen). From 640 px it wraps
 * as it always did and the chevron is not there. The chevron only shows while the text is cut.
 */
export function ExpandableLine({ children, className }: { children: ReactNode; className?: string }) {
  const textRef = useRef<HTMLSpanElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [cut, setCut] = useState(false);
  // After every render (the text may have changed), and whenever the line's width changes.
  useLayoutEffect(() => setCut(isCut(textRef.current)));
  useLayoutEffect(() => {
    const text = textRef.current;
    if (!text || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setCut(isCut(text)));
    observer.observe(text);
    return () => observer.disconnect();
  }, []);
  return (
    <span className={cn("flex min-w-0 flex-1 items-start gap-1", className)}>
      <span ref={textRef} className={cn("min-w-0 flex-1", !expanded && "max-sm:truncate")}>
        {children}
      </span>
      {cut || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={expanded ? "Show less" : "Show all"}
          title={expanded ? "Show less" : "Show all"}
          onClick={() => setExpanded(!expanded)}
          className="-my-0.5 shrink-0 rounded-sm p-0.5 text-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:hidden"
        >
          <ChevronDown
            className={cn("size-4 transition-transform", expanded && "rotate-180")}
            aria-hidden="true"
          />
        </button>
      ) : null}
    </span>
  );
}
