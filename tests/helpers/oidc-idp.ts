import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, SignJWT } from "jose";
import Provider from "oidc-provider";

/** A person the test identity provider signs in, with the claims it gives. */
export interface IdpAccount {
  email: string;
  name?: string;
  emailVerified?: boolean;
  groups?: string[];
}

export interface OidcIdp {
  /** The issuer URL a team's settings name. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next authorization request (as if they typed their password). */
  signInAs(account: IdpAccount): void;
  /** Authorization requests seen, newest last (their query: state, nonce, PKCE challenge…). */
  requests: URLSearchParams[];
  /**
   * Makes the next token answer carry an ID token with these claims changed, signed with the
   * provider's own key: what a provider that mixed up its clients (or a token stolen from another
   * app) would send. Checks of the claims are then the relying party's alone.
   */
  alterNextIdToken(changes: Record<string, unknown>): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider for tests: `oidc-provider`, the certified Node implementation,
 * with one confidential client registered for `redirectUri`. Its login step is answered at once for
 * the account `signInAs` chose, as a person would after typing their password; consent is implied
 * (a first-party client), so the browser goes straight back to the app.
 */
export async function startOidcIdp(options: { redirectUri: string; clientId?: string }): Promise<OidcIdp> {
  const clientId = options.clientId ?? "sprog-test-client";
  const clientSecret = "a-test-client-secret-that-is-long-enough-0123456789";
  const accounts = new Map<string, IdpAccount>();
  let next: IdpAccount | undefined;
  let alter: Record<string, unknown> | undefined;
  const requests: URLSearchParams[] = [];

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A signing key of its own (oidc-provider's built-in one is for quick starts, and says so).
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-idp", use: "sig", alg: "RS256" }] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "groups"],
    },
    // Claims in the ID token itself, as Entra ID and Okta can be set to send them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          groups: account.groups,
        }),
      };
    },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  provider.on("server_error", (_ctx, error) => console.error("test IdP:", error));

  /** Holds back the token answer, and sends it with its ID token re-signed with `changes`. */
  function reSignIdToken(res: ServerResponse, changes: Record<string, unknown>) {
    const chunks: Buffer[] = [];
    const end = res.end.bind(res);
    res.write = ((chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: Buffer | string) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id_token?: string };
      const sign = body.id_token
        ? new SignJWT({ ...decodeJwt(body.id_token), ...changes })
            .setProtectedHeader({ alg: "RS256", kid: "test-idp" })
            .sign(privateKey)
        : Promise.resolve(undefined);
      void sign.then((idToken) => {
        const text = JSON.stringify({ ...body, id_token: idToken });
        res.setHeader("content-length", Buffer.byteLength(text));
        end(text);
      });
      return res;
    }) as typeof res.end;
  }

  const handle = provider.callback();
  server.on("request", async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/auth") requests.push(url.searchParams);
    if (url.pathname === "/token" && alter) {
      const changes = alter;
      alter = undefined;
      reSignIdToken(res, changes);
    }
    if (!url.pathname.startsWith("/interaction/")) return handle(req, res);
    try {
      // A fresh session per sign-in: each test's person signs in anew.
      const account = next;
      if (!account) {
        res.writeHead(400).end("test IdP: nobody to sign in (call signInAs first)");
        return;
      }
      const sub = `sub-${account.email}`;
      accounts.set(sub, account);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: sub } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    requests,
    alterNextIdToken(changes) {
      alter = changes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
