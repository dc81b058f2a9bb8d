import { z } from "zod";
import { teamUsageSchema } from "../schemas/usage.ts";
import { pathParams } from "./path-params.ts";
import { endpoint, guarded } from "./route.ts";

const usage = endpoint.route({ tags: ["Usage"] });

/** A team's usage (issue 22): owners and admins; others in the team get 403, anyone else 404. */
export const usageContract = {
  team: usage
    .route({
      method: "GET",
      path: "/teams/{teamId}/usage",
      summary:
        "This month's AI calls, tokens and characters with the monthly token limit, and the team's keys, strings and seats",
    })
    .errors(guarded)
    .input(z.object({ params: pathParams("teamId") }))
    .output(teamUsageSchema),
};
