import { type Kysely, sql } from "kysely";

/**
 * Rate-limit counters are written to the write-ahead log again: an unlogged table comes back empty
 * after a crash (on PGlite after any exit without close(), such as kill -9), which lifted every
 * lockout, and a restart is something an attacker can sometimes cause. PostgreSQL keeps the cheap
 * commit that 0007 was for by committing each hit asynchronously (src/server/http/rate-limit.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set logged`.execute(db);
}
