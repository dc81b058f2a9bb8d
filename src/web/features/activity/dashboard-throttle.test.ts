import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "./dashboard-throttle.ts";

describe("throttle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs the first call at once and a burst once more at the end of the window", () => {
    const run = vi.fn();
    const throttled = throttle(run, 10_000);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i += 1) throttled.call();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(30_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("runs at once again after a quiet window, and a cancelled run never happens", () => {
    const run = vi.fn();
    const throttled = throttle(run, 10_000);
    throttled.call();
    vi.advanceTimersByTime(12_000);
    throttled.call();
    expect(run).toHaveBeenCalledTimes(2);
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(20_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
