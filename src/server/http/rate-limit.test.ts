import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { memoryCounters, RateLimiter } from "./rate-limit.ts";

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

describe("RateLimiter over memory counters (PGlite)", () => {
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
});
