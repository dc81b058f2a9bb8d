import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBatcher } from "./live-batch.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("review live updates (spec point 9: batched for 300 ms)", () => {
  it("hands over everything that arrived within 300 ms at once", () => {
    const flush = vi.fn<(items: number[]) => void>();
    const batcher = createBatcher(flush);
    batcher.push(1);
    vi.advanceTimersByTime(100);
    batcher.push(2);
    vi.advanceTimersByTime(199);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledExactlyOnceWith([1, 2]);
  });

  it("is no debounce: a steady stream still flushes every window", () => {
    const flush = vi.fn<(items: number[]) => void>();
    const batcher = createBatcher(flush);
    for (let i = 0; i < 10; i += 1) {
      batcher.push(i);
      vi.advanceTimersByTime(100);
    }
    expect(flush.mock.calls.map(([items]) => items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
    ]);
  });

  it("drops what waits when cancelled", () => {
    const flush = vi.fn<(items: number[]) => void>();
    const batcher = createBatcher(flush);
    batcher.push(1);
    batcher.cancel();
    vi.advanceTimersByTime(1000);
    expect(flush).not.toHaveBeenCalled();
  });
});
