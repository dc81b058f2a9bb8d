import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { authContract } from "../../shared/contract/auth.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { authHeaders, forwardCookies } from "../http/session.ts";
import type { MeService } from "./me-service.ts";
import type { AuthService } from "./service.ts";

function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Sign-in by e-mailed code; better-auth's cookies are passed on to our answers. */
export function authRoutes(authService: AuthService, meService: MeService) {
  return contractRoutes(authContract, {
    sendCode: ({ body }, c) => authService.sendCode(body.email, clientIp(c)),
    verify: async ({ body }, c) => {
      const { user, headers } = await authService.verifyCode(
        body.email,
        body.code,
        clientIp(c),
        authHeaders(c),
      );
      forwardCookies(c, headers);
      return meService.load(user);
    },
    signOut: async (_input, c) => {
      forwardCookies(c, await authService.signOut(authHeaders(c)));
    },
    // A public route: it looks for the session itself and answers null instead of 401.
    session: async (_input, c) => {
      const session = await authService.session(authHeaders(c));
      if (!session) return { me: null };
      forwardCookies(c, session.headers);
      return { me: await meService.load(session.user) };
    },
    me: (_input, c) => meService.load(c.var.user),
  });
}
