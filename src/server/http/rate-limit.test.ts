import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { type CounterStore, RateLimiter, retryIn } from "./rate-limit.ts";

/** The window rules of the database counters, in memory: the limiter's arithmetic alone. */
function memoryCounters(): CounterStore {
  const windows = new Map<string, { count: number; windowStart: number }>();
  return {
    async increment(key, now, windowMs) {
      const current = windows.get(key);
      if (!current || current.windowStart <= now - windowMs) {
        windows.set(key, { count: 1, windowStart: now });
        return { count: 1, windowStart: now };
      }
      current.count++;
      return { ...current };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

function limiter() {
  let time = 1_000_000;
  const clock = { now: () => time };
  return {
    limiter: new RateLimiter(memoryCounters(), clock),
    advance: (ms: number) => {
      time += ms;
    },
  };
}

const limit = (max: number) => ({
  key: "pull:k1",
  windowSeconds: 60,
  max,
  message: (seconds: number) => `Try again in ${seconds} seconds.`,
});

describe("RateLimiter", () => {
  it("allows max hits per window, then 429 with the seconds left, then a new window", async () => {
    const t = limiter();
    for (let i = 0; i < 3; i++) await t.limiter.hit([limit(3)]);
    t.advance(20_000);
    const error = await t.limiter.hit([limit(3)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "rate_limited", message: "Try again in 40 seconds." });
    t.advance(40_000);
    await expect(t.limiter.hit([limit(3)])).resolves.toBeUndefined();
  });

  it("counts keys apart, and reset forgets a key's hits", async () => {
    const t = limiter();
    await t.limiter.hit([limit(1)]);
    await t.limiter.hit([{ ...limit(1), key: "pull:k2" }]);
    await expect(t.limiter.hit([limit(1)])).rejects.toThrow(AppError);
    await t.limiter.reset("pull:k1");
    await expect(t.limiter.hit([limit(1)])).resolves.toBeUndefined();
  });

  it("allows counts as hit does but answers false instead of throwing, and stops at the first limit over", async () => {
    const t = limiter();
    const other = { ...limit(5), key: "pull:other" };
    expect(await t.limiter.allows([limit(1), other])).toBe(true);
    expect(await t.limiter.allows([limit(1), other])).toBe(false);
    // The refused call did not count against the second limit: 4 more fit, not 3.
    for (let i = 0; i < 4; i++) expect(await t.limiter.allows([other])).toBe(true);
    expect(await t.limiter.allows([other])).toBe(false);
    // One count for both ways: what allows counted, hit sees.
    await expect(t.limiter.hit([limit(1)])).rejects.toThrow(AppError);
    t.advance(60_000);
    expect(await t.limiter.allows([limit(1)])).toBe(true);
  });
});

describe("retryIn", () => {
  it("says seconds up to a minute, minutes up to an hour and a half, then hours", () => {
    expect([1, 42, 60].map(retryIn)).toEqual(["1 second", "42 seconds", "60 seconds"]);
    expect([61, 3600, 90 * 60].map(retryIn)).toEqual(["2 minutes", "60 minutes", "90 minutes"]);
    expect([90 * 60 + 1, 86_400].map(retryIn)).toEqual(["2 hours", "24 hours"]);
  });
});

describe("a window longer than the sweep keeps", () => {
  it("is refused as a programming error, not counted", async () => {
    const t = limiter();
    await expect(t.limiter.hit([{ ...limit(1), windowSeconds: 2 * 86_400 }])).rejects.toThrow(
      /would be swept/,
    );
  });
});
