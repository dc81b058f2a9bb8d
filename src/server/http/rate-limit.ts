import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** Counters older than this are swept, so no limit may have a longer window. */
export const MAX_WINDOW_SECONDS = 24 * 60 * 60;

export interface Limit {
  key: string;
  windowSeconds: number;
  max: number;
  message: (retryAfterSeconds: number) => string;
}

/** The wait in words for a message: seconds up to a minute, minutes up to 90, then hours. */
export function retryIn(seconds: number): string {
  const plural = (n: number, unit: string) => (n === 1 ? `1 ${unit}` : `${n} ${unit}s`);
  if (seconds <= 60) return plural(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds <= 90 * 60) return plural(Math.ceil(seconds / 60), "minute");
  return plural(Math.ceil(seconds / 3600), "hour");
}

/** Where the counters live: a window starts at the first hit after the previous one ended. */
export interface CounterStore {
  /** Counts one hit; answers the window's count so far and when the window started. */
  increment(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }>;
  reset(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * In the `rate_limits` table, so a limit holds across server processes and restarts, also after a
 * crash: a lockout must not end because the server was restarted (on purpose or by the attacker).
 *
 * A hit commits without waiting for its disk flush (the pull API counts one per request); the
 * write-ahead log is still written within a fraction of a second, so a crash forgives at most the
 * last moment's hits.
 */
export function databaseCounters(db: Kysely<DB>): CounterStore {
  let lastSweep = 0;
  // A CTE, not a transaction with SET LOCAL: one round trip; the setting ends with the statement's
  // own transaction.
  const commitMode = sql`select set_config('synchronous_commit', 'off', true)`;
  return {
    async increment(key, now, windowMs) {
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await db
          .deleteFrom("rate_limits")
          .where("last_request", "<", now - MAX_WINDOW_SECONDS * 1000)
          .execute();
      }
      const expired = now - windowMs;
      const { rows } = await sql<{ count: number; last_request: number }>`
        with commit_mode as (${commitMode})
        insert into rate_limits (id, key, count, last_request)
        select gen_random_uuid()::text, ${key}::text, 1, ${now}::bigint from commit_mode
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${expired} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request <= ${expired} then ${now}::bigint else rate_limits.last_request end
        returning count, last_request
      `.execute(db);
      const row = rows[0];
      if (!row) throw new Error("rate_limits: the upsert answered no row");
      return { count: Number(row.count), windowStart: Number(row.last_request) };
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}

/** Fixed-window limits over a counter store. */
export class RateLimiter {
  constructor(
    private readonly counters: CounterStore,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Counts a hit against each limit in order; throws 429 at the first one exceeded. */
  async hit(limits: Limit[]): Promise<void> {
    const over = await this.count(limits);
    if (over) {
      const { limit, retryAfterSeconds } = over;
      throw new AppError("rate_limited", limit.message(retryAfterSeconds), { retryAfterSeconds });
    }
  }

  /**
   * Counts as `hit` does, but answers false instead of throwing at the first limit exceeded: for
   * work that is skipped, not refused (a mention e-mail held back while the comment is saved).
   */
  async allows(limits: Omit<Limit, "message">[]): Promise<boolean> {
    return (await this.count(limits)) === undefined;
  }

  /** Counts a hit against each limit in order up to the first one exceeded, which it answers. */
  private async count<L extends Omit<Limit, "message">>(
    limits: L[],
  ): Promise<{ limit: L; retryAfterSeconds: number } | undefined> {
    for (const limit of limits) {
      if (limit.windowSeconds > MAX_WINDOW_SECONDS) {
        throw new Error(
          `Rate limit ${limit.key}: a window longer than ${MAX_WINDOW_SECONDS} s would be swept`,
        );
      }
      const now = this.clock.now();
      const windowMs = limit.windowSeconds * 1000;
      const { count, windowStart } = await this.counters.increment(limit.key, now, windowMs);
      if (count > limit.max) {
        return { limit, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
      }
    }
    return undefined;
  }

  /** Forget a hit that did not happen after all (for example, the e-mail could not be sent). */
  async reset(key: string): Promise<void> {
    await this.counters.reset(key);
  }
}
