/** Smooth scrolling, unless the visitor asked the system for less motion. */
export function scrollBehavior(): ScrollBehavior {
  const reduce =
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "auto" : "smooth";
}

/**
 * Brings a landing section into view (its scroll margin keeps it clear of the sticky header) and
 * moves keyboard focus there, so Tab continues from the section and not from the nav link.
 * Answers false when no element has that id.
 */
export function scrollToSection(id: string, behavior: ScrollBehavior = scrollBehavior()): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView?.({ behavior, block: "start" });
  target.focus({ preventScroll: true });
  return true;
}

export function scrollToTop(behavior: ScrollBehavior = scrollBehavior()): void {
  window.scrollTo?.({ top: 0, behavior });
}
