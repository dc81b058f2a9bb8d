import { activityContract } from "../../shared/contract/activity.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { DashboardService } from "./dashboard-service.ts";
import type { ActivityService } from "./service.ts";

/** The team's activity feed and a project's dashboard, as `activityContract` declares them; the services check the permission. */
export function activityRoutes(activity: ActivityService, dashboard: DashboardService) {
  return contractRoutes(activityContract, {
    list: ({ params, query }, c) => activity.list(c.var.user.id, params.teamId, query),
    dashboard: ({ params }, c) => dashboard.get(c.var.user.id, params.projectId),
  });
}
