import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, kept current as the window is resized. For layouts that
 * render different elements (not just different styles) by width; without matchMedia (tests,
 * old browsers) it answers false, the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const matches = () =>
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, () => false);
}

/** Below Tailwind's `sm` (640 px): a phone held upright. */
export const NARROW_QUERY = "(max-width: 639px)";
/** Below Tailwind's `md` (768 px). */
export const BELOW_MD_QUERY = "(max-width: 767px)";
