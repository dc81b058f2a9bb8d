import type { Core } from "../modules/feature-module.ts";
import { createDashboardService } from "./dashboard-service.ts";
import { startDashboardSnapshots } from "./dashboard-snapshots.ts";
import { startActivityRetention } from "./retention.ts";
import { activityRoutes } from "./routes.ts";
import { createActivityService } from "./service.ts";

/**
 * The activity feed's route and the project dashboard's; the entries themselves are written by each
 * feature (record.ts). Its timers: old entries deleted after ACTIVITY_RETENTION_DAYS, and the
 * dashboard's daily snapshots of every project.
 */
export function activityModule({ db, access, config, logger }: Core) {
  let timers: { stop(): Promise<void> }[] = [];
  return {
    name: "activity",
    routes: activityRoutes(createActivityService({ db, access }), createDashboardService({ db, access })),
    start() {
      timers = [
        startActivityRetention({ db, days: config.ACTIVITY_RETENTION_DAYS, logger }),
        startDashboardSnapshots({ db, logger }),
      ];
    },
    async stop() {
      await Promise.all(timers.map((timer) => timer.stop()));
    },
  };
}
