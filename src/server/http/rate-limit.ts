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
  /**
   * Counted in memory and written at most a second later, where the store can (PGlite): for a
   * limit hit on every request (the pull API), where a query per request would halve the
   * throughput, and where forgiving the last second's hits after a crash costs nothing.
   */
  buffered?: boolean;
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
  increment(
    key: string,
    now: number,
    windowMs: number,
    options?: { buffered?: boolean | undefined },
  ): Promise<{ count: number; windowStart: number }>;
  reset(key: string): Promise<void>;
  /** Writes what is still buffered (server stop). */
  flush?(): Promise<void>;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * In the `rate_limits` table, so a limit holds across server processes and restarts, also after a
 * crash: a lockout must not end because the server was restarted (on purpose or by the attacker).
 *
 * `asyncCommit` (PostgreSQL): a hit commits without waiting for its disk flush (the pull API counts
 * one per request); the write-ahead log is still written within a fraction of a second, so a crash
 * forgives at most the last moment's hits. PGlite has no background WAL writer, so there an
 * unflushed hit could wait for the next ordinary commit: it flushes each hit (as cheap there).
 */
export function databaseCounters(
  db: Kysely<DB>,
  options: { asyncCommit: boolean; writeBehindMs?: number },
): CounterStore {
  let lastSweep = 0;
  const buffer = options.writeBehindMs ? writeBehind(db, options.writeBehindMs) : undefined;
  // A CTE, not a transaction with SET LOCAL: one round trip; the setting ends with the statement's
  // own transaction.
  const commitMode = options.asyncCommit
    ? sql`select set_config('synchronous_commit', 'off', true)`
    : sql`select 1`;
  return {
    async increment(key, now, windowMs, hit) {
      if (buffer && hit?.buffered) return buffer.increment(key, now, windowMs);
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
      buffer?.forget(key);
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
    async flush() {
      await buffer?.flush();
    },
  };
}

/**
 * Buffered limits of one process (PGlite: its data folder is locked to one process, so memory is
 * the whole truth): a counter is read from the table the first time its key is hit (a restart does
 * not forgive it), counted in memory, and every counter changed since is written in one statement
 * within `flushMs`.
 */
function writeBehind(db: Kysely<DB>, flushMs: number) {
  const counters = new Map<string, { count: number; windowStart: number; windowMs: number }>();
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let lastSweep = 0;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const keys = [...changed].filter((key) => counters.has(key));
    changed.clear();
    if (keys.length === 0) return;
    const entries = keys.map((key) => counters.get(key) ?? { count: 0, windowStart: 0 });
    await sql`
      insert into rate_limits (id, key, count, last_request)
      select gen_random_uuid()::text, k, c, w
      from unnest(${keys}::text[], ${entries.map((e) => e.count)}::int[], ${entries.map((e) => e.windowStart)}::bigint[])
        as t(k, c, w)
      on conflict (key) do update set count = excluded.count, last_request = excluded.last_request
    `.execute(db);
  }

  return {
    async increment(key: string, now: number, windowMs: number) {
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        for (const [k, c] of counters)
          if (!changed.has(k) && c.windowStart <= now - c.windowMs) counters.delete(k);
      }
      let counter = counters.get(key);
      if (!counter) {
        const stored = await db
          .selectFrom("rate_limits")
          .select(["count", "last_request"])
          .where("key", "=", key)
          .executeTakeFirst();
        // Another hit of the same key may have loaded it while this one waited.
        counter = counters.get(key) ?? {
          count: stored ? Number(stored.count) : 0,
          windowStart: stored ? Number(stored.last_request) : now,
          windowMs,
        };
        counters.set(key, counter);
      }
      if (counter.windowStart <= now - windowMs) {
        counter.count = 0;
        counter.windowStart = now;
      }
      counter.count++;
      counter.windowMs = windowMs;
      changed.add(key);
      timer ??= setTimeout(() => void flush().catch(() => {}), flushMs).unref();
      return { count: counter.count, windowStart: counter.windowStart };
    },
    forget(key: string) {
      counters.delete(key);
      changed.delete(key);
    },
    flush,
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
      if (limit.windowSeconds > MAX_WINDOW_SECONDS) {
        throw new Error(
          `Rate limit ${limit.key}: a window longer than ${MAX_WINDOW_SECONDS} s would be swept`,
        );
      }
      const now = this.clock.now();
      const windowMs = limit.windowSeconds * 1000;
      const { count, windowStart } = await this.counters.increment(limit.key, now, windowMs, {
        buffered: limit.buffered,
      });
      if (count > limit.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
        throw new AppError("rate_limited", limit.message(retryAfterSeconds), { retryAfterSeconds });
      }
    }
  }

  /** Writes buffered counters: before the database closes. */
  async flush(): Promise<void> {
    await this.counters.flush?.();
  }

  /** Forget a hit that did not happen after all (for example, the e-mail could not be sent). */
  async reset(key: string): Promise<void> {
    await this.counters.reset(key);
  }
}
