import { usageContract } from "../../shared/contract/usage.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { UsageService } from "./service.ts";

/** A team's usage, as `usageContract` declares it; the service checks the permission. */
export function usageRoutes(usage: UsageService) {
  return contractRoutes(usageContract, {
    team: ({ params }, c) => usage.team(c.var.user.id, params.teamId),
  });
}
