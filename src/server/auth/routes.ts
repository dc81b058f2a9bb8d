import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { describeRoute } from "hono-openapi";
import {
  meSchema,
  sendCodeAnswerSchema,
  sendCodeBodySchema,
  verifyCodeBodySchema,
} from "../../shared/schemas/auth.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";
import { authHeaders, forwardCookies } from "../http/session.ts";
import { jsonBody } from "../http/validate.ts";
import type { MeService } from "./me-service.ts";
import type { AuthService } from "./service.ts";

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function authRoutes(authService: AuthService, meService: MeService) {
  return new Hono<AppEnv>()
    .post(
      "/auth/code",
      describeRoute({
        tags: ["Auth"],
        summary: "E-mail a one-time sign-in code",
        description: "Six digits, valid 10 minutes. A new code can be requested 60 s after the last one.",
        responses: { 200: ok(sendCodeAnswerSchema), 400: problems[400], 429: problems[429] },
      }),
      jsonBody(sendCodeBodySchema),
      async (c) => {
        const { email } = c.req.valid("json");
        return c.json(await authService.sendCode(email, clientIp(c)));
      },
    )
    .post(
      "/auth/verify",
      describeRoute({
        tags: ["Auth"],
        summary: "Sign in with the e-mailed code",
        description: "Sets the session cookie. After 5 wrong codes the code is dead and a new one is needed.",
        responses: { 200: ok(meSchema), 400: problems[400], 429: problems[429] },
      }),
      jsonBody(verifyCodeBodySchema),
      async (c) => {
        const { email, code } = c.req.valid("json");
        const { user, headers } = await authService.verifyCode(email, code, clientIp(c), authHeaders(c));
        forwardCookies(c, headers);
        return c.json(await meService.load(user));
      },
    )
    .post(
      "/auth/sign-out",
      describeRoute({
        tags: ["Auth"],
        summary: "Sign out (deletes the session)",
        responses: { 204: { description: "Signed out" } },
      }),
      async (c) => {
        forwardCookies(c, await authService.signOut(authHeaders(c)));
        return c.body(null, 204);
      },
    )
    .get(
      "/me",
      describeRoute({
        tags: ["Auth"],
        summary: "The signed-in user, their profile and teams",
        responses: { 200: ok(meSchema), 401: problems[401] },
      }),
      async (c) => c.json(await meService.load(c.var.user)),
    );
}
