import { type Context, Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { AppEnv } from "../http/app-env.ts";
import { authHeaders, forwardCookies } from "../http/session.ts";
import type { Logger } from "../logger.ts";
import { signInPageWithError } from "../sso/failure-redirect.ts";
import { SAML_FINISH_PATH } from "../sso/saml-client.ts";
import { SSO_COOKIE_PATH, SSO_STATE_COOKIE, type SsoIdentity } from "../sso/sign-in-rules.ts";
import { OIDC_CALLBACK_PATH, type SsoSignInService } from "../sso/sign-in-service.ts";
import type { MeService } from "./me-service.ts";
import type { AuthService } from "./service.ts";

/**
 * Where a sign-in through a team's identity provider ends (issue 38): the OpenID Connect
 * provider's callback, and the SAML finish page the ACS sends the browser to. Both answer with a
 * redirect, never a page of their own: into the app with a session, or to the sign-in page with the
 * reason.
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

  /**
   * The state cookie, read once and cleared (one sign-in per cookie), and what comes after either
   * protocol checked the provider's answer: the session, just-in-time membership, into the app.
   */
  async function finishWith(
    c: Context<AppEnv>,
    step: string,
    identityOf: (cookieState: string | undefined) => Promise<SsoIdentity>,
  ) {
    const cookieState = getCookie(c, SSO_STATE_COOKIE);
    deleteCookie(c, SSO_STATE_COOKIE, { path: SSO_COOKIE_PATH });
    c.header("cache-control", "no-store");
    try {
      const identity = await identityOf(cookieState);
      const { user, headers } = await authService.ssoSession(identity, authHeaders(c));
      if (await sso.join(identity, user.id)) await onMembersChanged?.(identity.teamId);
      forwardCookies(c, headers);
      const me = await meService.load(user);
      return c.redirect(me.profile === null ? "/user-info" : "/app/overview", 302);
    } catch (error) {
      return c.redirect(signInPageWithError(error, logger, step), 302);
    }
  }

  return new Hono<AppEnv>()
    .get(OIDC_CALLBACK_PATH, (c) => {
      // The provider's answer as the address registered with it (PUBLIC_URL), whatever proxy it came by.
      const callbackUrl = new URL(`${OIDC_CALLBACK_PATH}${new URL(c.req.url).search}`, `${publicUrl}/`);
      return finishWith(c, "the callback", (cookieState) => sso.finish(callbackUrl, cookieState));
    })
    .get(SAML_FINISH_PATH, (c) =>
      finishWith(c, "the SAML finish page", (cookieState) =>
        sso.finishSaml(c.req.query("state"), cookieState),
      ),
    );
}
