import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { profileBodySchema, profileSchema } from "../../shared/schemas/profiles.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody } from "../http/validate.ts";
import type { ProfileService } from "./service.ts";

export function profileRoutes(profiles: ProfileService) {
  return new Hono<AppEnv>().put(
    "/profile",
    describeRoute({
      tags: ["Profile"],
      summary: "Create or update the signed-in user's profile",
      responses: { 200: ok(profileSchema), 400: problems[400], 401: problems[401] },
    }),
    jsonBody(profileBodySchema),
    async (c) => c.json(await profiles.save(c.var.user, c.req.valid("json"))),
  );
}
