import { Hono } from "hono";
import type { BranchesOfKeys } from "../branches/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { Core } from "../modules/feature-module.ts";
import { createDownloadCounter } from "./download-counter.ts";
import { otaRoutes } from "./ota-routes.ts";
import { releaseProcedures, releaseRoutes } from "./routes.ts";
import { createReleaseService } from "./service.ts";

/**
 * Over-the-air releases (issue 37): the Releases screen's routes, `POST /api/v1/releases` for CI,
 * and the manifests and files apps read under /ota. Their bytes are in the database, so every app
 * server process serves the same releases; a CDN may front /ota.
 */
export function releasesModule(
  { db, access, events, formats, logger }: Core,
  deps: { branches: BranchesOfKeys },
) {
  const downloads = createDownloadCounter({ db, logger });
  const releases = createReleaseService({
    db,
    access,
    events,
    formats,
    logger,
    downloads,
    branches: deps.branches,
  });
  // Releases of completed reviews under way: the review's answer does not wait for the files.
  const publishing = new Set<Promise<void>>();
  return {
    name: "releases",
    routes: releaseRoutes(releases),
    keyProcedures: releaseProcedures(releases),
    rootRoutes: new Hono<AppEnv>().route("/", otaRoutes(releases, downloads)),
    releases,
    downloads,
    /** A completed review's release, if the project asks for one (reviews module's `onCompleted`). */
    publishOnReview(projectId: string, userId: string): void {
      const done = releases.publishOnReview(projectId, userId).finally(() => publishing.delete(done));
      publishing.add(done);
    },
    start: () => downloads.start(),
    async stop() {
      await Promise.all(publishing);
      await downloads.stop();
    },
  };
}
