import type { StreamEndedReason } from "../../shared/events.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { AccessChange } from "./event-bus.ts";

/** What a stream's access check answers: still allowed, or why it ended. */
export type AccessVerdict = "ok" | StreamEndedReason;

/**
 * How a watched stream ended: its access ended (the client is told why), a check failed (the client
 * is not told, so it reconnects and is checked anew), or it was closed (the client went away).
 */
export type StreamEnd = StreamEndedReason | "failed" | "closed";

export interface StreamWatchLimits {
  /** Open streams one user may hold on this server process. */
  maxPerUser: number;
  /** An idle stream re-checks this often: access can end without a notice reaching this process. */
  recheckMs: number;
  /** How long one check answers for the events that follow: a busy project costs no query per event. */
  cacheMs: number;
}

export const DEFAULT_STREAM_WATCH_LIMITS: StreamWatchLimits = {
  maxPerUser: 20,
  recheckMs: 30_000,
  cacheMs: 5_000,
};

export interface WatchedStream {
  /** Whether an event may go out now; a stale answer is checked again first, and a "no" ends the stream. */
  mayDeliver(): Promise<boolean>;
  isOpen(): boolean;
  /** Settles once, when the stream ends for whatever reason. */
  readonly ended: Promise<StreamEnd>;
  /** The client went away: frees the user's slot (safe to call more than once). */
  close(): void;
}

interface Entry {
  userId: string;
  teamId: string;
  checkNow(): void;
}

/**
 * Keeps the live-event streams of this process honest: each re-checks its viewer's access before
 * delivering (cached for `cacheMs`), on a timer while idle, and at once when an access change that
 * concerns it is announced; and one user holds at most `maxPerUser` of them.
 */
export function createStreamWatch(options: {
  limits: StreamWatchLimits;
  logger: Logger;
  now?: () => number;
}) {
  const { limits, logger } = options;
  const now = options.now ?? Date.now;
  const entries = new Set<Entry>();
  const perUser = new Map<string, number>();

  return {
    limits,

    /** Takes one of the user's slots (429 when none is left) and starts watching the stream's access. */
    open(target: { userId: string; teamId: string; check: () => Promise<AccessVerdict> }): WatchedStream {
      const { userId } = target;
      const held = perUser.get(userId) ?? 0;
      if (held >= limits.maxPerUser) {
        throw new AppError(
          "rate_limited",
          `Too many open event streams: at most ${limits.maxPerUser} per user. Close some Sprog tabs and reload.`,
        );
      }
      perUser.set(userId, held + 1);

      let open = true;
      let settle: (end: StreamEnd) => void = () => {};
      const ended = new Promise<StreamEnd>((resolve) => {
        settle = resolve;
      });
      // The route checked access just before opening the stream.
      let checkedAt = now();
      let verdict = Promise.resolve(true);
      let stale = false;

      const finish = (end: StreamEnd) => {
        if (!open) return;
        open = false;
        clearInterval(timer);
        entries.delete(entry);
        const left = (perUser.get(userId) ?? 1) - 1;
        if (left > 0) perUser.set(userId, left);
        else perUser.delete(userId);
        settle(end);
      };

      const check = () => {
        checkedAt = now();
        stale = false;
        verdict = target.check().then(
          (answer) => {
            if (answer !== "ok") finish(answer);
            return answer === "ok" && open;
          },
          (error: unknown) => {
            logger.warn({ err: error, userId }, "an event stream's access check failed; ending it");
            finish("failed");
            return false;
          },
        );
        return verdict;
      };

      const mayDeliver = () => {
        if (!open) return Promise.resolve(false);
        if (stale || now() - checkedAt >= limits.cacheMs) return check();
        // A check in flight answers for the events behind it, so none slips past a pending "no".
        return verdict;
      };

      const checkNow = () => {
        stale = true;
        void mayDeliver();
      };
      const timer = setInterval(checkNow, limits.recheckMs);
      timer.unref?.();
      const entry: Entry = { userId, teamId: target.teamId, checkNow };
      entries.add(entry);

      return {
        mayDeliver,
        isOpen: () => open,
        ended,
        close: () => finish("closed"),
      };
    },

    /** Streams the change may concern check their access now (the others keep their cached answer). */
    accessChanged(change: AccessChange) {
      if (change.userId === undefined && change.teamId === undefined) return;
      for (const entry of [...entries]) {
        if (change.userId !== undefined && entry.userId !== change.userId) continue;
        if (change.teamId !== undefined && entry.teamId !== change.teamId) continue;
        entry.checkNow();
      }
    },

    /** Open streams of the user on this process. */
    openCount(userId: string): number {
      return perUser.get(userId) ?? 0;
    },
  };
}

export type StreamWatch = ReturnType<typeof createStreamWatch>;
