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

/**
 * Fixed-window counters kept in the database, so a limit holds across server processes.
 * A window starts at the first hit after the previous one ended.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Counts a hit against each limit in order; throws 429 at the first one exceeded. */
  async hit(limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const now = this.clock.now();
      const windowMs = limit.windowSeconds * 1000;
      const row = await this.db
        .insertInto("rate_limits")
        .values({ id: sql<string>`gen_random_uuid()::text`, key: limit.key, count: 1, last_request: now })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql<number>`case when rate_limits.last_request <= ${now - windowMs} then 1 else rate_limits.count + 1 end`,
            last_request: sql<number>`case when rate_limits.last_request <= ${now - windowMs} then ${now}::bigint else rate_limits.last_request end`,
          }),
        )
        .returning(["count", "last_request"])
        .executeTakeFirstOrThrow();
      if (Number(row.count) > limit.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.last_request) + windowMs - now) / 1000));
        throw new AppError("rate_limited", limit.message(retryAfterSeconds), { retryAfterSeconds });
      }
    }
  }

  /** Forget a hit that did not happen after all (for example, the e-mail could not be sent). */
  async reset(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("key", "=", key).execute();
  }
}
