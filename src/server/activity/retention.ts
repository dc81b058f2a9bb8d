import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { deleteOlderThan } from "./queries.ts";

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the feed to ACTIVITY_RETENTION_DAYS: deletes older entries now and once a day. A timer
 * rather than a queue schedule: the delete is idempotent, so every server process running it is
 * harmless, and it needs no state of its own. `stop` ends it with the server.
 */
export function startActivityRetention(deps: { db: Kysely<DB>; days: number; logger: Logger }) {
  const { db, days, logger } = deps;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = deleteOlderThan(db, days)
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted, days }, "old activity deleted");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "old activity not deleted"));
  };
  sweep();
  const timer = setInterval(sweep, ONE_DAY_MS);
  timer.unref();
  return {
    /** The first sweep, for tests that look at its result. */
    ready: () => running,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
