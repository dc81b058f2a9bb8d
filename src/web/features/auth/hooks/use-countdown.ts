import { useEffect, useState } from "react";

function secondsLeft(until: number | null): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Whole seconds left until the given time (ms since epoch), ticking once a second; 0 when passed. */
export function useCountdown(until: number | null): number {
  const [remaining, setRemaining] = useState(() => secondsLeft(until));

  useEffect(() => {
    setRemaining(secondsLeft(until));
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => {
      const next = secondsLeft(until);
      setRemaining(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  return remaining;
}
