import type { Core } from "../modules/feature-module.ts";
import { screenshotRoutes } from "./routes.ts";
import { createScreenshotService } from "./service.ts";
import { databaseScreenshotStore } from "./store.ts";

/** Screenshots of keys, their bytes in the database (shared by every app server process). */
export function screenshotsModule({ db, access, events, config }: Core) {
  const maxBytes = config.SCREENSHOT_MAX_BYTES;
  const screenshots = createScreenshotService({
    db,
    access,
    events,
    store: databaseScreenshotStore,
    maxBytes,
  });
  return { name: "screenshots", routes: screenshotRoutes(screenshots, { maxBytes }), screenshots };
}
