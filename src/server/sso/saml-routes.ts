import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { SSO_ERRORS } from "../../shared/schemas/sso.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { Logger } from "../logger.ts";
import { signInPageWithError } from "./failure-redirect.ts";
import { SAML_BASE_PATH, SAML_FINISH_PATH } from "./saml-client.ts";
import type { SamlSignIn } from "./saml-sign-in.ts";
import { failed } from "./sign-in-rules.ts";

/** A SAMLResponse is tens of KB (signed, a few attributes, perhaps many groups); 1 MB is past any. */
const ACS_MAX_BYTES = 1024 * 1024;

const formText = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * A team's SAML service provider pages, outside /api (issue 38):
 * - `GET /sso/saml/:teamId/metadata`: the SP metadata the owner gives the IdP (public, as IdPs
 *   read it by URL), for any id of a team's shape.
 * - `POST /sso/saml/:teamId/acs`: the IdP's answer, a cross-site form POST. SameSite=Lax cookies
 *   do not come with it, so the browser is not checked here: the answer is kept on the sign-in and
 *   the browser sent on to the finish page (auth module), which checks its cookie. Any failure goes
 *   back to the sign-in page with the reason. 303: the browser follows with a GET.
 */
export function samlRoutes(saml: SamlSignIn, logger: Logger) {
  const toSignInPage = (error: unknown) => signInPageWithError(error, logger, "the SAML ACS");
  return new Hono<AppEnv>()
    .get(`${SAML_BASE_PATH}/:teamId/metadata`, (c) => {
      const xml = saml.metadata(c.req.param("teamId"));
      if (xml === undefined) throw new AppError("not_found", SSO_ERRORS.notConfigured);
      c.header("content-type", "application/samlmetadata+xml; charset=utf-8");
      return c.body(xml, 200);
    })
    .post(
      `${SAML_BASE_PATH}/:teamId/acs`,
      bodyLimit({
        maxSize: ACS_MAX_BYTES,
        onError: (c) => {
          // The rest of the body is never read: the connection cannot carry another request.
          c.header("connection", "close");
          return c.redirect(toSignInPage(failed("too_large")), 303);
        },
      }),
      async (c) => {
        c.header("cache-control", "no-store");
        try {
          const form = await c.req.parseBody();
          const state = await saml.answer(c.req.param("teamId"), {
            SAMLResponse: formText(form.SAMLResponse),
            RelayState: formText(form.RelayState),
          });
          return c.redirect(`${SAML_FINISH_PATH}?${new URLSearchParams({ state })}`, 303);
        } catch (error) {
          return c.redirect(toSignInPage(error), 303);
        }
      },
    );
}
