import { type Kysely, sql } from "kysely";

/**
 * Rate-limit counters skip the write-ahead log: a request that only counts a hit then commits
 * without waiting for a disk flush (the pull API counts one per request). After a crash the
 * table comes back empty, which only forgives the hits of the current windows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set unlogged`.execute(db);
}
