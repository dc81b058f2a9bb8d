import { Hono } from "hono";
import { PULL_ALIAS_PATH } from "../../shared/schemas/pull.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { Core } from "../modules/feature-module.ts";
import { projectInfoRoutes } from "./info-routes.ts";
import { createProjectInfo } from "./project-info.ts";
import { cliRoutes, pullRoutes } from "./routes.ts";
import { createPullService } from "./service.ts";

/**
 * The public API's reads (an API key, not a session): pull at /api/v1 and at its compatible alias,
 * status and key names; and the CLI file. Keys are checked by the api-keys module's `authorize`.
 */
export function pullModule(core: Core, deps: { authorize: Authorize }) {
  const pull = createPullService({
    db: core.db,
    authorize: deps.authorize,
    events: core.events,
    formats: core.formats,
  });
  return {
    name: "pull",
    publicApiRoutes: new Hono<AppEnv>()
      .route("/", pullRoutes(pull))
      .route("/", projectInfoRoutes({ info: createProjectInfo(core.db), authorize: pull.authorize })),
    rootRoutes: new Hono<AppEnv>().route("/", pullRoutes(pull, PULL_ALIAS_PATH)).route("/", cliRoutes()),
  };
}
