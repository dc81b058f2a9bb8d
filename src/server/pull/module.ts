import type { Hono } from "hono";
import type { ApiKeyService } from "../api-keys/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { Core } from "../modules/feature-module.ts";
import { cliRoutes, PULL_ALIAS_PATH, pullRoutes } from "./routes.ts";
import { createPullService } from "./service.ts";

/** The pull API for CI (an API key, not a session), at /api and at its compatible alias, and the CLI. */
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
    mountKeyRoutes: (api: Hono<AppEnv>) => {
      api.route("/", pullRoutes(pull));
    },
    mountRootRoutes: (app: Hono) => {
      app.route("/", pullRoutes(pull, PULL_ALIAS_PATH));
      app.route("/", cliRoutes());
    },
  };
}
