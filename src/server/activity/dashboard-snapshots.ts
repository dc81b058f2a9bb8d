import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { selectAllProjects, selectLanguageStates, upsertSnapshots } from "./dashboard-queries.ts";

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Today's snapshot of every project's languages, now and once a day, so a project nobody opens
 * still has a point a day on its chart. Shaped like the activity retention (retention.ts): the
 * upsert is idempotent, so every server process running it is harmless. One project at a time
 * from its completion counts (a few rows each); a project that fails is logged and skipped.
 */
export function startDashboardSnapshots(deps: { db: Kysely<DB>; logger: Logger }) {
  const { db, logger } = deps;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = (async () => {
      const projects = await selectAllProjects(db);
      let failed = 0;
      for (const project of projects) {
        try {
          await upsertSnapshots(db, project.id, await selectLanguageStates(db, project));
        } catch (error) {
          failed += 1;
          if (failed === 1)
            logger.warn({ err: error, projectId: project.id }, "project snapshot not written");
        }
      }
      if (failed > 0) logger.warn({ failed, projects: projects.length }, "project snapshots not all written");
    })().catch((error: unknown) => logger.warn({ err: error }, "project snapshots not written"));
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
