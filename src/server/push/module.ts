import type { Authorize } from "../api-keys/authorize.ts";
import type { BranchesOfKeys } from "../branches/service.ts";
import { requestBodyLimit } from "../http/body-limit.ts";
import type { Core } from "../modules/feature-module.ts";
import { pushRoutes } from "./routes.ts";
import { createPushService } from "./service.ts";

/**
 * Push for CI (an API key, not a session): files in at /api/v1/push. Keys are checked by the
 * api-keys module's `authorize`.
 */
export function pushModule(core: Core, deps: { authorize: Authorize; branches: BranchesOfKeys }) {
  const push = createPushService({
    db: core.db,
    bulk: core.database.bulk,
    events: core.events,
    formats: core.formats,
  });
  // The Import dialog's limits: a file upload, or a small body that is not one.
  const bodyLimit = requestBodyLimit({
    jsonMb: core.config.MAX_JSON_BODY_MB,
    uploadMb: core.config.MAX_UPLOAD_MB,
  });
  return {
    name: "push",
    publicApiRoutes: pushRoutes({ push, authorize: deps.authorize, bodyLimit, branches: deps.branches }),
  };
}
