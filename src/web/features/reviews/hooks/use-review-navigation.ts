import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { REVIEW_NAVIGATION_DELAY_MS } from "../../../../shared/schemas/reviews.ts";

export function reviewPath(reviewId: string): string {
  return `/app/review/${encodeURIComponent(reviewId)}`;
}

/**
 * Spec point 9: opening a review waits 200 ms (the pressed row shows meanwhile). Links stay links:
 * a click with a modifier (new tab, new window) is left to the browser.
 */
export function useReviewNavigation() {
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const open = useCallback(
    (reviewId: string) => {
      clearTimeout(timer.current);
      setOpening(reviewId);
      timer.current = setTimeout(() => navigate(reviewPath(reviewId)), REVIEW_NAVIGATION_DELAY_MS);
    },
    [navigate],
  );

  const onLinkClick = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, reviewId: string) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      open(reviewId);
    },
    [open],
  );

  return { opening, open, onLinkClick };
}
