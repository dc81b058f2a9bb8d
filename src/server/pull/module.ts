import { Hono } from "hono";
import { PULL_ALIAS_PATH } from "../../shared/schemas/pull.ts";
import type { ApiKeyService } from "../api-keys/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { Core } from "../modules/feature-module.ts";
import { projectInfoRoutes } from "./info-routes.ts";
import { createProjectInfo } from "./project-info.ts";
import { cliRoutes, pullRoutes } from "./routes.ts";
import { createPullService } from "./service.ts";

/**
 * The API for CI (an API key, not a session): pull at /api and at its compatible alias, status and
 * key names, and the CLI. Its authorizer is push's too (push/module.ts), so each key's scopes and
 * rate limits are checked one way.
 */
export function pullModule(core: Core, deps: { apiKeys: ApiKeyService }) {
  const pull = createPullService({
    db: core.db,
    apiKeys: deps.apiKeys,
    limiter: core.limiter,
    events: core.events,
    requestsPerMinute: core.config.PULL_RATE_LIMIT_PER_MINUTE,
    formats: core.formats,
  });
  return {
    name: "pull",
    authorize: pull.authorize,
    publicApiRoutes: new Hono<AppEnv>()
      .route("/", pullRoutes(pull))
      .route("/", projectInfoRoutes({ info: createProjectInfo(core.db), authorize: pull.authorize })),
    rootRoutes: new Hono<AppEnv>().route("/", pullRoutes(pull, PULL_ALIAS_PATH)).route("/", cliRoutes()),
  };
}
