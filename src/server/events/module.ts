import type { AuthService } from "../auth/service.ts";
import type { Core } from "../modules/feature-module.ts";
import { eventRoutes } from "./routes.ts";
import { createStreamWatch, DEFAULT_STREAM_WATCH_LIMITS } from "./stream-watch.ts";

/** The project's live event stream; streams end when the viewer's access ends, on any process. */
export function eventsModule(core: Core, deps: { authService: AuthService }) {
  const streamWatch = createStreamWatch({
    limits: { ...DEFAULT_STREAM_WATCH_LIMITS, maxPerUser: core.config.MAX_EVENT_STREAMS_PER_USER },
    logger: core.logger,
  });
  core.events.subscribeAccessChanges((change) => streamWatch.accessChanged(change));
  return { name: "events", routes: eventRoutes(deps.authService, core.access, core.events, streamWatch) };
}
