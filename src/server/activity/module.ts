import type { Core } from "../modules/feature-module.ts";
import { createDashboardService } from "./dashboard-service.ts";
import { activityRoutes } from "./routes.ts";
import { createActivityService } from "./service.ts";

/**
 * The activity feed's route and the project dashboard's; the entries themselves are written by each
 * feature (record.ts), the dashboard's daily snapshots by a timer the server starts (dashboard-snapshots.ts).
 */
export function activityModule({ db, access }: Core) {
  return {
    name: "activity",
    routes: activityRoutes(createActivityService({ db, access }), createDashboardService({ db, access })),
  };
}
