import { Hono } from "hono";
import { v1Contract } from "../../shared/contract/v1.ts";
import { PULL_ALIAS_PATH } from "../../shared/schemas/pull.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import type { BranchesOfKeys } from "../branches/service.ts";
import { onBranch } from "../db/branch-scope.ts";
import type { AppEnv } from "../http/app-env.ts";
import { keyProcedure } from "../http/key-procedures.ts";
import type { Core } from "../modules/feature-module.ts";
import { keyNameRoutes } from "./info-routes.ts";
import { createProjectInfo } from "./project-info.ts";
import { cliRoutes, pullRoutes } from "./routes.ts";
import { createPullService } from "./service.ts";

/**
 * The public API's reads (an API key, not a session): pull at /api/v1 and at its compatible alias,
 * status (also an MCP tool) and key names; and the CLI file. Keys are checked by the api-keys module's `authorize`.
 */
export function pullModule(core: Core, deps: { authorize: Authorize; branches: BranchesOfKeys }) {
  const pull = createPullService({
    db: core.db,
    authorize: deps.authorize,
    events: core.events,
    formats: core.formats,
  });
  const info = createProjectInfo(core.db);
  return {
    name: "pull",
    publicApiRoutes: new Hono<AppEnv>()
      .route("/", pullRoutes(pull, deps.branches))
      .route("/", keyNameRoutes({ info, authorize: pull.authorize, branches: deps.branches })),
    keyProcedures: [
      keyProcedure(v1Contract.status, async (input, { apiKey }) =>
        onBranch(await deps.branches.scopeForKey(apiKey, input?.query?.branch), () =>
          info.status(apiKey.project_id),
        ),
      ),
    ],
    rootRoutes: new Hono<AppEnv>()
      .route("/", pullRoutes(pull, deps.branches, PULL_ALIAS_PATH))
      .route("/", cliRoutes()),
  };
}
