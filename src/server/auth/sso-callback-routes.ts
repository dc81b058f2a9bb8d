import { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { authHeaders, forwardCookies } from "../http/session.ts";
import type { Logger } from "../logger.ts";
import {
  OIDC_CALLBACK_PATH,
  SSO_STATE_COOKIE,
  SsoSignInError,
  type SsoSignInService,
} from "../sso/sign-in-service.ts";
import type { MeService } from "./me-service.ts";
import type { AuthService } from "./service.ts";

/**
 * Where a team's identity provider sends the person back (issue 38). It answers with a redirect,
 * never a page of its own: into the app with a session, or to the sign-in page with the reason.
 */
export function ssoCallbackRoutes(deps: {
  sso: SsoSignInService;
  authService: AuthService;
  meService: MeService;
  publicUrl: string;
  logger: Logger;
  /** Told after a first sign-in made someone a member (billing sets the paid seats); must not throw. */
  onMembersChanged?: (teamId: string) => Promise<void>;
}) {
  const { sso, authService, meService, publicUrl, logger, onMembersChanged } = deps;
  return new Hono<AppEnv>().get(OIDC_CALLBACK_PATH, async (c) => {
    // The provider's answer as the address registered with it (PUBLIC_URL), whatever proxy it came by.
    const callbackUrl = new URL(`${OIDC_CALLBACK_PATH}${new URL(c.req.url).search}`, `${publicUrl}/`);
    const cookieState = getCookie(c, SSO_STATE_COOKIE);
    deleteCookie(c, SSO_STATE_COOKIE, { path: OIDC_CALLBACK_PATH });
    c.header("cache-control", "no-store");
    try {
      const identity = await sso.finish(callbackUrl, cookieState);
      const { user, headers } = await authService.ssoSession(identity, authHeaders(c));
      if (await sso.join(identity, user.id)) await onMembersChanged?.(identity.teamId);
      forwardCookies(c, headers);
      const me = await meService.load(user);
      return c.redirect(me.profile === null ? "/user-info" : "/app/overview", 302);
    } catch (error) {
      if (!(error instanceof SsoSignInError))
        logger.error({ err: error }, "single sign-on: the callback failed");
      const reason = error instanceof SsoSignInError ? error.reason : "failed";
      return c.redirect(`/login?${new URLSearchParams({ sso_error: reason })}`, 302);
    }
  });
}
