import { z } from "zod";
import {
  activateReleaseBodySchema,
  publishReleaseBodySchema,
  releaseListSchema,
  releaseSchema,
  releaseSettingsBodySchema,
} from "../schemas/releases.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, guarded } from "./route.ts";

const releases = endpoint.route({ tags: ["Releases"] });
const inProject = z.object({ params: pathParams("projectId") });

/**
 * Over-the-air releases (issue 37): members see them; owners and admins publish, roll back and
 * choose whether a completed review publishes one.
 */
export const releasesContract = {
  list: releases
    .route({
      method: "GET",
      path: "/projects/{projectId}/releases",
      summary: "The project's releases, newest first, with its distribution id and environments",
    })
    .errors(guarded)
    .input(inProject)
    .output(releaseListSchema),
  publish: releases
    .route({
      method: "POST",
      path: "/projects/{projectId}/releases",
      successStatus: 201,
      successDescription: "Published; the environment's manifest names it",
      summary: "Publish a release: a numbered snapshot of the translations, live in an environment at once",
      description:
        "`environment` (default production), `languages` (default all), `only` (all, approved: strings approved in a review, passing_checks: strings without failing quality checks; the source language is always whole), `placeholderFormat` (web, ios, android; default web). Each language becomes a JSON file, the pull API's, at a URL named by its content. With `x-sprog-branch` the release carries that branch's strings: its environment defaults to staging and may not be production.",
    })
    .errors(changing)
    .input(inProject.extend({ body: publishReleaseBodySchema }))
    .output(releaseSchema),
  activate: releases
    .route({
      method: "POST",
      path: "/releases/{id}/activate",
      summary: "Point an environment's manifest at this release (roll back, or promote)",
      description: "A release of a branch may not go to production (400).",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("id"), body: activateReleaseBodySchema }))
    .output(releaseListSchema),
  settings: releases
    .route({
      method: "PUT",
      path: "/projects/{projectId}/release-settings",
      summary: "Whether a completed review publishes a release, and to which environment",
    })
    .errors(changing)
    .input(inProject.extend({ body: releaseSettingsBodySchema }))
    .output(releaseListSchema),
};
