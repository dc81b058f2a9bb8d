import type { Core } from "../modules/feature-module.ts";
import { activityRoutes } from "./routes.ts";
import { createActivityService } from "./service.ts";

/** The activity feed's route; the entries themselves are written by each feature (record.ts). */
export function activityModule({ db, access }: Core) {
  return { name: "activity", routes: activityRoutes(createActivityService({ db, access })) };
}
