import { loadAuthSecret } from "../auth/secret.ts";
import type { Core } from "../modules/feature-module.ts";
import { createDomainService } from "./domain-service.ts";
import { createOidcClient } from "./oidc-client.ts";
import { ssoRoutes } from "./routes.ts";
import { createSamlClient } from "./saml-client.ts";
import { samlRoutes } from "./saml-routes.ts";
import { createSamlSignIn } from "./saml-sign-in.ts";
import { createSecretBox } from "./secret-box.ts";
import { createSsoSettingsService } from "./settings-service.ts";
import { SSO_SIGN_IN_TTL_SECONDS } from "./sign-in-rules.ts";
import { createSsoSignInService, OIDC_CALLBACK_PATH } from "./sign-in-service.ts";
import { createTxtResolver, type TxtResolver } from "./txt-resolver.ts";

/**
 * Single sign-on per team (issue 38): verified domains, the team's identity provider (OpenID
 * Connect or SAML 2.0), and the sign-in through it. The auth module asks `signIn` before it sends
 * or takes an e-mail code, and answers the pages that finish a sign-in with a session; the SAML
 * service provider's own pages (its metadata, the ACS) are this module's root routes.
 */
export async function ssoModule(core: Core, deps: { resolveTxt?: TxtResolver } = {}) {
  const { config, db, access, logger } = core;
  const allowHttp = config.SSO_ALLOW_HTTP === "1";
  const box = createSecretBox(await loadAuthSecret(db, config.AUTH_SECRET));
  const oidc = createOidcClient({ allowHttp });
  const redirectUri = new URL(OIDC_CALLBACK_PATH, `${config.publicUrl}/`).href;
  const resolveTxt = deps.resolveTxt ?? createTxtResolver(config.DNS_SERVERS);
  const domains = createDomainService({ db, access, resolveTxt, logger });
  const settings = createSsoSettingsService({
    db,
    access,
    oidc,
    box,
    redirectUri,
    publicUrl: config.publicUrl,
    allowHttp,
    logger,
  });
  const saml = createSamlSignIn({
    db,
    saml: createSamlClient({ requestTtlMs: SSO_SIGN_IN_TTL_SECONDS * 1000 }),
    publicUrl: config.publicUrl,
    logger,
  });
  const signIn = createSsoSignInService({ db, oidc, saml, box, redirectUri, logger });
  return {
    name: "sso",
    routes: ssoRoutes(settings, domains),
    rootRoutes: samlRoutes(saml, logger),
    signIn,
  };
}
