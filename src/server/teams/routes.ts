import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { createTeamBodySchema, teamListSchema, teamSummarySchema } from "../../shared/schemas/teams.ts";
import type { AuthService } from "../auth/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";
import { authHeaders, requireUser } from "../http/session.ts";
import { jsonBody } from "../http/validate.ts";
import type { TeamService } from "./service.ts";

export function teamRoutes(authService: AuthService, teams: TeamService) {
  return new Hono<AppEnv>()
    .use("/teams", requireUser(authService))
    .use("/teams/*", requireUser(authService))
    .get(
      "/teams",
      describeRoute({
        tags: ["Teams"],
        summary: "The signed-in user's teams, sorted by name",
        responses: { 200: ok(teamListSchema), 401: problems[401] },
      }),
      async (c) => c.json({ teams: await teams.list(c.var.user.id) }),
    )
    .post(
      "/teams",
      describeRoute({
        tags: ["Teams"],
        summary: "Create a team; its creator becomes the owner",
        responses: { 201: ok(teamSummarySchema, "Created"), 400: problems[400], 401: problems[401] },
      }),
      jsonBody(createTeamBodySchema),
      async (c) => c.json(await teams.create(c.var.user, c.req.valid("json"), authHeaders(c)), 201),
    );
}
