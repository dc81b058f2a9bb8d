import { afterEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage-keys.ts";
import { checkInvites, INVITE_CHECK_BACKOFF_MS, inviteCheckDue } from "./invite-check.ts";

const HOUR = 60 * 60 * 1000;

afterEach(() => localStorage.clear());

describe("invite check backoff", () => {
  it("is due without a failure, an hour after one, or when forced", () => {
    expect(INVITE_CHECK_BACKOFF_MS).toBe(HOUR);
    const now = 10 * HOUR;
    expect(inviteCheckDue(null, now)).toBe(true);
    expect(inviteCheckDue(String(now - HOUR + 1), now)).toBe(false);
    expect(inviteCheckDue(String(now - HOUR), now)).toBe(true);
    expect(inviteCheckDue(String(now - 1000), now, true)).toBe(true);
    // A value that cannot be right does not block the check forever.
    expect(inviteCheckDue("garbage", now)).toBe(true);
    expect(inviteCheckDue(String(now + HOUR), now)).toBe(true);
  });

  it("remembers a failure per user, skips for an hour, and forgets it after a success", async () => {
    let now = 5 * HOUR;
    const clock = () => now;
    const onJoined = vi.fn();
    const failing = vi.fn().mockRejectedValue(new Error("offline"));

    expect(await checkInvites({ userId: "u1", accept: failing, onJoined, now: clock })).toBe("failed");
    expect(localStorage.getItem(STORAGE_KEYS.inviteCheckFailedAt("u1"))).toBe(String(now));

    const accept = vi.fn().mockResolvedValue({ joined: [{ id: "t1", name: "Acme" }] });
    now += HOUR - 1000;
    expect(await checkInvites({ userId: "u1", accept, onJoined, now: clock })).toBe("skipped");
    expect(accept).not.toHaveBeenCalled();
    // Another user on the same browser is not held back.
    expect(await checkInvites({ userId: "u2", accept, onJoined, now: clock })).toBe("checked");
    expect(onJoined).toHaveBeenLastCalledWith([{ id: "t1", name: "Acme" }]);

    // Forced, or an hour later, it runs, and a success forgets the failure.
    expect(await checkInvites({ userId: "u1", accept, onJoined, now: clock, force: true })).toBe("checked");
    expect(localStorage.getItem(STORAGE_KEYS.inviteCheckFailedAt("u1"))).toBeNull();
    expect(onJoined).toHaveBeenCalledTimes(2);
  });

  it("says nothing when no team was joined, and runs one check at a time per user", async () => {
    const onJoined = vi.fn();
    let release: (value: { joined: never[] }) => void = () => {};
    const accept = vi.fn(() => new Promise<{ joined: never[] }>((resolve) => (release = resolve)));
    const first = checkInvites({ userId: "u3", accept, onJoined });
    const second = checkInvites({ userId: "u3", accept, onJoined });
    release({ joined: [] });
    expect(await first).toBe("checked");
    expect(await second).toBe("checked");
    expect(accept).toHaveBeenCalledTimes(1);
    expect(onJoined).not.toHaveBeenCalled();
  });
});
