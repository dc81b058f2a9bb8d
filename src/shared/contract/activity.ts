import { z } from "zod";
import { activityPageSchema, activityQuerySchema } from "../schemas/activity.ts";
import { dashboardSchema } from "../schemas/dashboard.ts";
import { pathParams } from "./path-params.ts";
import { endpoint, guarded } from "./route.ts";

const activity = endpoint.route({ tags: ["Activity"] });

/**
 * The activity feed (issue 22): a team's entries newest first, a page at a time. Owners and admins
 * see everything; reviewers see the string work of the team's projects.
 */
export const activityContract = {
  list: activity
    .route({
      method: "GET",
      path: "/teams/{teamId}/activity",
      summary: "The team's activity, newest first, filtered by project, person, kind and days",
    })
    .errors({ bad_request: { status: 400, message: "Bad input" }, ...guarded })
    .input(z.object({ params: pathParams("teamId"), query: activityQuerySchema }))
    .output(activityPageSchema),
  dashboard: activity
    .route({
      method: "GET",
      path: "/projects/{projectId}/dashboard",
      summary:
        "The project's dashboard: each language's state, 90 days of progress, this month's words by people and AI, top contributors, open reviews",
    })
    .errors(guarded)
    .input(z.object({ params: pathParams("projectId") }))
    .output(dashboardSchema),
};
