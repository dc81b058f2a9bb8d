import * as client from "openid-client";

/** A team's OpenID Connect provider, as its settings name it (the secret already decrypted). */
export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What one sign-in at the provider checks when it comes back: all three are single-use. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** How long a provider's discovery document is trusted before it is read again. */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

/**
 * OpenID Connect for single sign-on (issue 38), by openid-client (the certified relying party):
 * discovery, the authorization URL with PKCE, state and nonce, and the code exchange, which checks
 * the ID token's signature, issuer, audience, expiry and nonce. `allowHttp` (SSO_ALLOW_HTTP=1)
 * admits an http:// issuer, for tests and a provider on the developer's machine.
 */
export function createOidcClient(options: { allowHttp: boolean }) {
  const cache = new Map<string, { config: Promise<client.Configuration>; at: number }>();

  async function discover(provider: OidcProvider): Promise<client.Configuration> {
    const execute = options.allowHttp ? [client.allowInsecureRequests] : [];
    const config = await client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      client.ClientSecretBasic(provider.clientSecret),
      { execute, timeout: 10 },
    );
    // client_secret_basic is the default of the standard; a provider that takes only the secret
    // in the body says so in its discovery document.
    const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
    if (methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post")) {
      const post = new client.Configuration(
        config.serverMetadata(),
        provider.clientId,
        undefined,
        client.ClientSecretPost(provider.clientSecret),
      );
      for (const step of execute) step(post);
      return post;
    }
    return config;
  }

  function configuration(provider: OidcProvider): Promise<client.Configuration> {
    const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);
    const cached = cache.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = discover(provider);
    cache.set(key, { config, at: Date.now() });
    // A failed discovery is not kept: the next sign-in asks again.
    config.catch(() => cache.delete(key));
    return config;
  }

  return {
    /** Reads the provider's discovery document (saving the settings checks the issuer this way). */
    async check(provider: OidcProvider): Promise<void> {
      cache.clear();
      await configuration(provider);
    },

    /** A fresh state, nonce and PKCE verifier, and the provider's URL that asks the person in. */
    async start(
      provider: OidcProvider,
      request: { redirectUri: string; loginHint: string },
    ): Promise<{ url: string; checks: OidcChecks }> {
      const config = await configuration(provider);
      const checks: OidcChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: "openid email profile",
        response_type: "code",
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
        login_hint: request.loginHint,
      });
      return { url: url.href, checks };
    },

    /**
     * The provider's answer at the callback: exchanges the code and answers the ID token's claims,
     * with the UserInfo endpoint's added when the token lacks the e-mail address.
     */
    async finish(
      provider: OidcProvider,
      callbackUrl: URL,
      checks: OidcChecks,
    ): Promise<Record<string, unknown>> {
      const config = await configuration(provider);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("the provider answered no ID token");
      if (typeof claims.email === "string" || !tokens.access_token) return { ...claims };
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
