import type { Core } from "../modules/feature-module.ts";
import { createAssistService } from "./assist-service.ts";
import { assistRoutes } from "./routes.ts";

export function assistModule({ db, access, provider, logger, aiQuota }: Core) {
  return {
    name: "assist",
    routes: assistRoutes(createAssistService({ db, access, provider, logger, aiQuota })),
  };
}
