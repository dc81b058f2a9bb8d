import type { Core } from "../modules/feature-module.ts";
import { usageRoutes } from "./routes.ts";
import { createUsageService } from "./service.ts";

/** The Team screen's 'Usage': AI use this month (recorded by the providers), keys, strings and seats. */
export function usageModule({ db, access, aiBudget }: Core) {
  return { name: "usage", routes: usageRoutes(createUsageService({ db, access, aiBudget })) };
}
