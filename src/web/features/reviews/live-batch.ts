import { REVIEW_LIVE_BATCH_MS } from "../../../shared/schemas/reviews.ts";

export interface Batcher<T> {
  /** Adds an item; the first item of a batch starts its timer. */
  push: (item: T) => void;
  /** Drops what is waiting (on unmount). */
  cancel: () => void;
}

/**
 * Spec point 9: review views batch live updates for 300 ms. Items that arrive within the window are
 * handed over together when it ends (a steady stream still flushes every window: not a debounce).
 */
export function createBatcher<T>(flush: (items: T[]) => void, ms: number = REVIEW_LIVE_BATCH_MS): Batcher<T> {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(item) {
      items.push(item);
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        const batch = items;
        items = [];
        flush(batch);
      }, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      items = [];
    },
  };
}
