import { Hono } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import type { Core } from "../modules/feature-module.ts";
import type { ScreenshotService } from "../screenshots/service.ts";
import type { StringService } from "../strings/service.ts";
import { inContextCors, inContextPageRoutes, inContextSessionRoutes } from "./routes.ts";
import { createInContextService } from "./service.ts";

/**
 * In-context editing (issue 37): the popup's token route in the session API, and the app page's
 * routes, answered before the session API's origin check (the page is on the app's origin; its
 * token says who it acts as, and from where).
 */
export function inContextModule(
  { db, access, config }: Core,
  deps: { strings: StringService; screenshots: ScreenshotService },
) {
  const inContext = createInContextService({
    db,
    access,
    strings: deps.strings,
    screenshots: deps.screenshots,
  });
  return {
    name: "in-context",
    routes: inContextSessionRoutes(inContext),
    signedRoutes: new Hono<AppEnv>()
      .use("/in-context/*", inContextCors())
      .route("/", inContextPageRoutes(inContext, { maxScreenshotBytes: config.SCREENSHOT_MAX_BYTES })),
  };
}
