import type { Hono } from "hono";
import { PULL_ALIAS_PATH } from "../../shared/schemas/pull.ts";
import type { ApiKeyService } from "../api-keys/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import { requestBodyLimit } from "../http/body-limit.ts";
import type { Core } from "../modules/feature-module.ts";
import { pushRoutes } from "../push/routes.ts";
import { createPushService } from "../push/service.ts";
import { projectInfoRoutes } from "./info-routes.ts";
import { cliRoutes, pullRoutes } from "./routes.ts";
import { createPullService } from "./service.ts";

/**
 * The API for CI (an API key, not a session): pull at /api and at its compatible alias, push,
 * status and key names, and the CLI. They share one authorizer, so each key's scopes and rate limits are checked one way.
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
    name: "pull",
    mountKeyRoutes: (api: Hono<AppEnv>) => {
      api.route("/", pullRoutes(pull));
      api.route("/", pushRoutes({ push, authorize: pull.authorize, bodyLimit }));
      api.route("/", projectInfoRoutes({ db: core.db, authorize: pull.authorize }));
    },
    mountRootRoutes: (app: Hono) => {
      app.route("/", pullRoutes(pull, PULL_ALIAS_PATH));
      app.route("/", cliRoutes());
    },
  };
}
