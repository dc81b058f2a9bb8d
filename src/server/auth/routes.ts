import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { authContract } from "../../shared/contract/auth.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { authHeaders, forwardCookies } from "../http/session.ts";
import { SSO_COOKIE_PATH, SSO_SIGN_IN_TTL_SECONDS, SSO_STATE_COOKIE } from "../sso/sign-in-rules.ts";
import type { MeService } from "./me-service.ts";
import type { AuthService } from "./service.ts";

export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** Sign-in by e-mailed code; better-auth's cookies are passed on to our answers. */
export function authRoutes(authService: AuthService, meService: MeService, publicUrl: string) {
  return contractRoutes(authContract, {
    sendCode: async ({ body }, c) => {
      const { answer, ssoState } = await authService.sendCode(body.email, clientIp(c), body.withCode);
      if (ssoState) {
        // Ties the provider's answer to this browser: the OIDC callback and the SAML finish page
        // (both under /sso) refuse a state it does not carry.
        setCookie(c, SSO_STATE_COOKIE, ssoState, {
          path: SSO_COOKIE_PATH,
          httpOnly: true,
          sameSite: "Lax",
          secure: publicUrl.startsWith("https://"),
          maxAge: SSO_SIGN_IN_TTL_SECONDS,
        });
      }
      return answer;
    },
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
