import { activityContract } from "../../shared/contract/activity.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ActivityService } from "./service.ts";

/** The team's activity feed, as `activityContract` declares it; the service checks the permission. */
export function activityRoutes(activity: ActivityService) {
  return contractRoutes(activityContract, {
    list: ({ params, query }, c) => activity.list(c.var.user.id, params.teamId, query),
  });
}
