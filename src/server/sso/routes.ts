import { ssoContract } from "../../shared/contract/sso.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { DomainService } from "./domain-service.ts";
import type { SsoSettingsService } from "./settings-service.ts";

/** Team settings → Single sign-on, as `ssoContract` declares it; the services check the owner. */
export function ssoRoutes(settings: SsoSettingsService, domains: DomainService) {
  return contractRoutes(ssoContract, {
    get: ({ params }, c) => settings.get(c.var.user.id, params.teamId),
    save: ({ params, body }, c) => settings.save(c.var.user.id, params.teamId, body),
    remove: ({ params }, c) => settings.remove(c.var.user.id, params.teamId),
    addDomain: ({ params, body }, c) => domains.add(c.var.user.id, params.teamId, body.domain),
    verifyDomain: ({ params }, c) => domains.verify(c.var.user.id, params.teamId, params.domainId),
    removeDomain: async ({ params }, c) => {
      await domains.remove(c.var.user.id, params.teamId, params.domainId);
    },
  });
}
