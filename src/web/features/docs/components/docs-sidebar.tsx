import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn.ts";
import { DOC_TOPICS, type TopicId, topicPath } from "../topics.ts";

/**
 * The nine topics (spec point 2). One nav landmark: a sticky column beside the page on wide
 * screens, a row that scrolls sideways above it on narrow ones. The active topic carries
 * aria-current="page"; on a narrow screen it is scrolled into the row's view.
 */
export function DocsSidebar({ activeId }: { activeId: TopicId | undefined }) {
  const listRef = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the row follows the active topic as it changes
  useEffect(() => {
    const list = listRef.current;
    if (!list || list.scrollWidth <= list.clientWidth) return;
    const active = list.querySelector<HTMLElement>('[aria-current="page"]');
    if (!active) return;
    // Only sideways: scrollIntoView could also move the page, which the topic change just reset.
    list.scrollTo({ left: Math.max(0, active.offsetLeft - 16) });
  }, [activeId]);

  return (
    <nav
      aria-label="Documentation topics"
      className={cn(
        "-mx-4 border-b border-border px-4 py-3 sm:-mx-6 sm:px-6",
        "lg:sticky lg:top-14 lg:mx-0 lg:h-[calc(100vh-3.5rem)] lg:w-56 lg:shrink-0 lg:overflow-y-auto lg:border-b-0 lg:px-0 lg:py-10",
      )}
    >
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-muted uppercase lg:block">
        Documentation
      </p>
      <ul
        ref={listRef}
        className={cn(
          "relative flex gap-1 overflow-x-auto pr-8 pb-1 lg:flex-col lg:overflow-visible lg:pr-0 lg:pb-0",
          // A fade at the right edge says the row scrolls on; none beside the page on wide screens.
          "[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] lg:[mask-image:none]",
        )}
      >
        {DOC_TOPICS.map((topic) => {
          const active = topic.id === activeId;
          return (
            <li key={topic.id} className="shrink-0">
              <Link
                to={topicPath(topic.id)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-1.5 text-sm whitespace-nowrap transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring",
                  active
                    ? "bg-brand-50 font-semibold text-brand-700"
                    : "text-muted hover:bg-surface-muted hover:text-foreground",
                )}
              >
                {topic.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
