import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface Limit {
  key: string;
  windowSeconds: number;
  max: number;
  message: (retryAfterSeconds: number) => string;
}

/** Where the counters live: a window starts at the first hit after the previous one ended. */
export interface CounterStore {
  /** Counts one hit; answers the window's count so far and when the window started. */
  increment(key: string, now: number, windowMs: number): Promise<{ count: number; windowStart: number }>;
  reset(key: string): Promise<void>;
}

/** In the database, so a limit holds across PostgreSQL server processes. */
export function databaseCounters(db: Kysely<DB>): CounterStore {
  return {
    async increment(key, now, windowMs) {
      const row = await db
        .insertInto("rate_limits")
        .values({ id: sql<string>`gen_random_uuid()::text`, key, count: 1, last_request: now })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql<number>`case when rate_limits.last_request <= ${now - windowMs} then 1 else rate_limits.count + 1 end`,
            last_request: sql<number>`case when rate_limits.last_request <= ${now - windowMs} then ${now}::bigint else rate_limits.last_request end`,
          }),
        )
        .returning(["count", "last_request"])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowStart: Number(row.last_request) };
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}

/**
 * In this process, for PGlite: its data folder is locked to one process, so no other process can
 * share the limit, and a hit costs no query on the embedded database's single thread.
 */
export function memoryCounters(): CounterStore {
  const windows = new Map<string, { count: number; windowStart: number; windowMs: number }>();
  let lastSweep = 0;
  return {
    async increment(key, now, windowMs) {
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        for (const [k, w] of windows) if (w.windowStart <= now - w.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || current.windowStart <= now - windowMs) {
        windows.set(key, { count: 1, windowStart: now, windowMs });
        return { count: 1, windowStart: now };
      }
      current.count++;
      return { count: current.count, windowStart: current.windowStart };
    },
    async reset(key) {
      windows.delete(key);
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
    for (const limit of limits) {
      const now = this.clock.now();
      const windowMs = limit.windowSeconds * 1000;
      const { count, windowStart } = await this.counters.increment(limit.key, now, windowMs);
      if (count > limit.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
        throw new AppError("rate_limited", limit.message(retryAfterSeconds), { retryAfterSeconds });
      }
    }
  }

  /** Forget a hit that did not happen after all (for example, the e-mail could not be sent). */
  async reset(key: string): Promise<void> {
    await this.counters.reset(key);
  }
}
