import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { type AccessVerdict, createStreamWatch } from "./stream-watch.ts";

const limits = { maxPerUser: 2, recheckMs: 30_000, cacheMs: 5_000 };

function setup() {
  const watch = createStreamWatch({ limits, logger: createLogger("silent") });
  let verdict: AccessVerdict | Error = "ok";
  let checks = 0;
  const check = async (): Promise<AccessVerdict> => {
    checks += 1;
    if (verdict instanceof Error) throw verdict;
    return verdict;
  };
  return {
    watch,
    open: (userId = "u1", teamId = "t1") => watch.open({ userId, teamId, check }),
    deny: (next: AccessVerdict | Error) => {
      verdict = next;
    },
    checks: () => checks,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("stream watch", () => {
  it("answers events from a cached check, and checks again once the answer is older than cacheMs", async () => {
    const { open, checks } = setup();
    const stream = open();
    for (let i = 0; i < 10; i += 1) expect(await stream.mayDeliver()).toBe(true);
    expect(checks()).toBe(0);
    await vi.advanceTimersByTimeAsync(limits.cacheMs);
    expect(await stream.mayDeliver()).toBe(true);
    expect(await stream.mayDeliver()).toBe(true);
    expect(checks()).toBe(1);
    stream.close();
  });

  it("an idle stream whose access ended ends at the periodic re-check, with the reason", async () => {
    const { open, deny, watch } = setup();
    const stream = open();
    deny("access_ended");
    await vi.advanceTimersByTimeAsync(limits.recheckMs - 1);
    expect(stream.isOpen()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await stream.ended).toBe("access_ended");
    expect(stream.isOpen()).toBe(false);
    expect(watch.openCount("u1")).toBe(0);
  });

  it("an access change re-checks the streams it concerns at once, however fresh their answer", async () => {
    const { open, deny, watch, checks } = setup();
    const mine = open("u1", "t1");
    const otherTeam = open("u1", "t2");
    const otherUser = open("u2", "t1");
    deny("access_ended");
    watch.accessChanged({ userId: "u1", teamId: "t1" });
    // An event right behind the notice waits for its check and is refused.
    expect(await mine.mayDeliver()).toBe(false);
    expect(await mine.ended).toBe("access_ended");
    expect(checks()).toBe(1);
    expect(otherTeam.isOpen()).toBe(true);
    expect(otherUser.isOpen()).toBe(true);

    watch.accessChanged({ teamId: "t2" });
    expect(await otherTeam.ended).toBe("access_ended");
    watch.accessChanged({ userId: "u2" });
    expect(await otherUser.ended).toBe("access_ended");
  });

  it("a check that fails ends the stream without a reason for the client, and frees the slot", async () => {
    const { open, deny, watch } = setup();
    const stream = open();
    deny(new Error("database gone"));
    watch.accessChanged({ userId: "u1" });
    expect(await stream.ended).toBe("failed");
    expect(watch.openCount("u1")).toBe(0);
  });

  it("refuses a user's stream beyond maxPerUser with rate_limited; closing one frees a slot", () => {
    const { open, watch } = setup();
    const first = open("u1");
    open("u1");
    const refused = (() => {
      try {
        open("u1");
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "rate_limited", status: 429 });
    // Another user has slots of their own.
    open("u2");
    first.close();
    first.close();
    expect(watch.openCount("u1")).toBe(1);
    open("u1");
    expect(watch.openCount("u1")).toBe(2);
  });

  it("stops its timer once closed: a closed stream is never checked again", async () => {
    const { open, checks } = setup();
    const stream = open();
    stream.close();
    await vi.advanceTimersByTimeAsync(limits.recheckMs * 3);
    expect(checks()).toBe(0);
    expect(await stream.mayDeliver()).toBe(false);
    expect(await stream.ended).toBe("closed");
  });
});
