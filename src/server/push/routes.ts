import type { MiddlewareHandler } from "hono";
import { v1Contract } from "../../shared/contract/v1.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import type { BranchesOfKeys } from "../branches/service.ts";
import { onBranch } from "../db/branch-scope.ts";
import { AppError } from "../errors.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { PushService } from "./service.ts";

/**
 * `POST /v1/push` with a project API key that has the push scope. Authorized by the key, not a
 * session, so it is mounted before the session API's origin check (CI sends no Origin); the upload
 * limit is the Import dialog's, checked after the key and before a byte of the body is read.
 */
export function pushRoutes(deps: {
  push: PushService;
  authorize: Authorize;
  bodyLimit: MiddlewareHandler;
  branches: BranchesOfKeys;
}) {
  return contractRoutes(
    { push: v1Contract.push },
    {
      push: {
        use: [deps.bodyLimit],
        handle: async ({ body: { file, ...fields } }, c) => {
          const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
          // A push starts the branch it names; a dry run of a new one is read against main, as
          // the branch would start.
          const branch = await deps.branches
            .scopeForKey(c.var.apiKey, fields.branch, !fields.dryRun)
            .catch((error) => {
              if (fields.dryRun && error instanceof AppError && error.code === "not_found") return undefined;
              throw error;
            });
          return onBranch(branch, () => deps.push.push(c.var.apiKey, upload, fields));
        },
      },
    },
    { authorize: deps.authorize },
  );
}
