import { loadAuthSecret } from "../auth/secret.ts";
import type { Core } from "../modules/feature-module.ts";
import { createDomainService } from "./domain-service.ts";
import { createOidcClient } from "./oidc-client.ts";
import { ssoRoutes } from "./routes.ts";
import { createSecretBox } from "./secret-box.ts";
import { createSsoSettingsService } from "./settings-service.ts";
import { createSsoSignInService, OIDC_CALLBACK_PATH } from "./sign-in-service.ts";
import { createTxtResolver, type TxtResolver } from "./txt-resolver.ts";

/**
 * Single sign-on per team (issue 38): verified domains, the team's OpenID Connect provider, and
 * the sign-in through it. The auth module asks `signIn` before it sends or takes an e-mail code, and
 * answers the provider's callback with a session.
 */
export async function ssoModule(core: Core, deps: { resolveTxt?: TxtResolver } = {}) {
  const { config, db, access, logger } = core;
  const box = createSecretBox(await loadAuthSecret(db, config.AUTH_SECRET));
  const oidc = createOidcClient({ allowHttp: config.SSO_ALLOW_HTTP === "1" });
  const redirectUri = new URL(OIDC_CALLBACK_PATH, `${config.publicUrl}/`).href;
  const resolveTxt = deps.resolveTxt ?? createTxtResolver(config.DNS_SERVERS);
  const domains = createDomainService({ db, access, resolveTxt, logger });
  const settings = createSsoSettingsService({ db, access, oidc, box, redirectUri, logger });
  const signIn = createSsoSignInService({ db, oidc, box, redirectUri, logger });
  return { name: "sso", routes: ssoRoutes(settings, domains), signIn };
}
