import type { Core } from "../modules/feature-module.ts";
import { recheckJob, requestOutdatedRechecks } from "./recheck.job.ts";

/**
 * Stored quality checks: the background recheck of whole projects, and at start the projects whose
 * strings were checked by an older version of the checks (or before checks were stored).
 */
export function qualityModule({ db, queue, logger }: Core) {
  return {
    name: "quality",
    jobs: [recheckJob({ db, logger })],
    /** Queues the outdated projects in the background, once the job workers run. */
    start() {
      void requestOutdatedRechecks(db, queue)
        .then((count) => {
          if (count > 0) logger.info({ projects: count }, "quality checks of older projects queued");
        })
        .catch((error: unknown) => logger.error({ err: error }, "quality rechecks not queued"));
    },
  };
}
