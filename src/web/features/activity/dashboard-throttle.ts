/** At most one dashboard refetch per this many milliseconds while events keep arriving. */
export const DASHBOARD_REFRESH_MS = 10_000;

export interface Throttled {
  /** Runs now if the last run is `wait` ms ago, else once when that time has passed. */
  call: () => void;
  /** Drops a pending run (unmount, another project). */
  cancel: () => void;
}

/**
 * Leading and trailing throttle: the first event refreshes at once, a burst (a batch translating
 * thousands of strings sends an event for each) refreshes once more at the end of each window, so
 * the last change is never left out and the server answers at most one dashboard per window.
 */
export function throttle(run: () => void, wait: number, now: () => number = Date.now): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = now();
    run();
  };
  return {
    call() {
      if (timer !== undefined) return;
      const since = now() - last;
      if (since >= wait) fire();
      else timer = setTimeout(fire, wait - since);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
