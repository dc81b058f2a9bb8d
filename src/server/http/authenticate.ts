import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AuthService } from "../auth/service.ts";
import type { AppEnv } from "./app-env.ts";
import { requireUser } from "./session.ts";

/**
 * The one place that decides who needs a session: every API route does, except those named in
 * `publicRoutes` ("POST /api/auth/code"). The route is the endpoint that answers the request: the
 * first route under `mountedAt` registered for a method (middlewares are registered for all); a
 * path no endpoint matches falls through to the API's 404 for everyone alike.
 */
export function authenticate(
  authService: AuthService,
  publicRoutes: readonly string[],
  mountedAt: string,
): MiddlewareHandler<AppEnv> {
  const open = new Set(publicRoutes);
  const signedIn = requireUser(authService);
  return async (c, next) => {
    const endpoint = matchedRoutes(c).find(
      (route) => route.method !== "ALL" && route.path.startsWith(`${mountedAt}/`),
    );
    if (!endpoint || open.has(`${endpoint.method} ${endpoint.path}`)) return next();
    return signedIn(c, next);
  };
}
