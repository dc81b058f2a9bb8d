import { releasesContract } from "../../shared/contract/releases.ts";
import { v1Contract } from "../../shared/contract/v1.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { keyProcedure } from "../http/key-procedures.ts";
import type { ReleaseService } from "./service.ts";

/** The Releases screen's routes, as `releasesContract` declares them; the service checks each permission. */
export function releaseRoutes(releases: ReleaseService) {
  return contractRoutes(releasesContract, {
    list: ({ params }, c) => releases.list(c.var.user.id, params.projectId),
    publish: ({ params, body }, c) => releases.publish(c.var.user.id, params.projectId, body),
    activate: ({ params, body }, c) => releases.activate(c.var.user.id, params.id, body.environment),
    settings: ({ params, body }, c) =>
      releases.settings(c.var.user.id, params.projectId, body.releaseOnReview),
  });
}

/** `POST /api/v1/releases` (`sprog release`, and the MCP tool `publish_release`): a key with the release scope. */
export function releaseProcedures(releases: ReleaseService) {
  return [keyProcedure(v1Contract.release, ({ body }, { apiKey }) => releases.publishWithKey(apiKey, body))];
}
