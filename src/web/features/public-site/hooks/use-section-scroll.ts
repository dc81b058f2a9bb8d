import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { scrollBehavior, scrollToSection, scrollToTop } from "../scroll.ts";

/**
 * The landing's in-page navigation. Nav links are router links to `/#section`, so each click is a
 * history entry (Back works) and other pages can link to a section; this scrolls on every such
 * navigation: to the section of the hash, or to the top for `/` (the logo). The first scroll after
 * arriving is instant, the later ones smooth (the app has no scroll restoration, so arriving from a
 * scrolled page would otherwise keep its offset).
 */
export function useSectionScroll() {
  const location = useLocation();
  const arrived = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (new key) scrolls, even to the same hash.
  useEffect(() => {
    const behavior = arrived.current ? scrollBehavior() : "auto";
    arrived.current = true;
    const id = decodeURIComponent(location.hash.slice(1));
    if (id && scrollToSection(id, behavior)) return;
    scrollToTop(behavior);
  }, [location.key, location.hash]);
}
