import type { Context, MiddlewareHandler } from "hono";
import type { AuthService } from "../auth/service.ts";
import { errors } from "../errors.ts";
import type { AppEnv } from "./app-env.ts";

/** better-auth answers cookies in a Headers object; pass them on to our response. */
export function forwardCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
}

/** The headers better-auth needs from a request: its cookies (our origin check has run already). */
export function authHeaders(c: Context): Headers {
  const headers = new Headers();
  const cookie = c.req.header("cookie");
  if (cookie) headers.set("cookie", cookie);
  const agent = c.req.header("user-agent");
  if (agent) headers.set("user-agent", agent);
  return headers;
}

/** 401 without a session; otherwise `c.var.user`, and a renewed cookie when the session slid. */
export function requireUser(authService: AuthService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await authService.session(authHeaders(c));
    if (!session) throw errors.unauthorized();
    forwardCookies(c, session.headers);
    c.set("user", session.user);
    await next();
  };
}
