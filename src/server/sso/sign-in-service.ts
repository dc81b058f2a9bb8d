import type { Kysely } from "kysely";
import { emailDomain, SSO_ERRORS } from "../../shared/schemas/sso.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { insertInvitedMember } from "../teams/queries.ts";
import type { OidcClient, OidcProvider } from "./oidc-client.ts";
import {
  insertSignIn,
  insertSsoJoin,
  type SsoRow,
  selectMemberRole,
  selectSsoForDomain,
  selectTeamSso,
  selectUserIdByEmail,
  setMemberRole,
  takeOidcSignIn,
} from "./queries.ts";
import type { SamlSignIn } from "./saml-sign-in.ts";
import type { SecretBox } from "./secret-box.ts";
import { failed, identityFor, SSO_SIGN_IN_TTL_SECONDS, type SsoIdentity } from "./sign-in-rules.ts";

/** Where the provider sends the person back (the redirect URI to register at the provider). */
export const OIDC_CALLBACK_PATH = "/sso/oidc/callback";

/** A groups claim as OIDC providers send it: a list, or one string (some send "a,b" or "a b"). */
export function groupsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  if (typeof value === "string") return value.split(/[,\s]+/).filter(Boolean);
  return [];
}

function nameOf(claims: Record<string, unknown>): string {
  if (typeof claims.name === "string" && claims.name.trim() !== "") return claims.name.trim();
  const parts = [claims.given_name, claims.family_name].filter((part) => typeof part === "string");
  return parts.join(" ").trim();
}

/**
 * Signing in through a team's identity provider (issue 38). An address at a domain the team
 * verified, with single sign-on on, goes to the provider instead of getting a code; with
 * enforcement on, codes are refused there but to the team's owner (break-glass, in the activity
 * feed). An OpenID Connect provider's answer is checked by openid-client here; a SAML IdP's by
 * node-saml in saml-sign-in.ts. Then the address must be at one of the team's verified domains
 * (sign-in-rules.ts); a first sign-in joins the team with the mapped or the default role.
 */
export function createSsoSignInService(deps: {
  db: Kysely<DB>;
  oidc: OidcClient;
  saml: SamlSignIn;
  box: SecretBox;
  redirectUri: string;
  logger: Logger;
}) {
  const { db, oidc, saml, box, redirectUri, logger } = deps;

  async function providerOf(row: SsoRow): Promise<OidcProvider> {
    if (!row.oidc_issuer || !row.oidc_client_id || !row.oidc_client_secret) {
      throw failed("not_configured");
    }
    return {
      issuer: row.oidc_issuer,
      clientId: row.oidc_client_id,
      clientSecret: await box.open(row.oidc_client_secret),
    };
  }

  /** The team single sign-on that the address's verified domain signs in with, when it is on. */
  async function ssoFor(email: string): Promise<SsoRow | undefined> {
    const row = await selectSsoForDomain(db, emailDomain(email));
    return row?.enabled ? row : undefined;
  }

  async function isOwner(teamId: string, email: string): Promise<boolean> {
    const userId = await selectUserIdByEmail(db, email);
    return userId !== undefined && (await selectMemberRole(db, teamId, userId)) === "owner";
  }

  /** Refuses an e-mail code to an address its team's enforced single sign-on covers (not the owner). */
  async function codeAllowed(email: string): Promise<{ breakGlassTeamId: string | undefined }> {
    const sso = await ssoFor(email);
    if (!sso?.enforced) return { breakGlassTeamId: undefined };
    if (!(await isOwner(sso.team_id, email))) throw new AppError("forbidden", SSO_ERRORS.enforcedRefused);
    return { breakGlassTeamId: sso.team_id };
  }

  return {
    redirectUri,

    /**
     * Before a code is sent: an address its team's single sign-on covers is sent to the provider
     * (the answer's URL, and the state for the browser's cookie; no URL when the provider cannot be
     * reached) unless the person asked for a code, which enforcement refuses to all but the owner.
     */
    async beforeCode(
      email: string,
      withCode: boolean,
    ): Promise<{ url: string | null; teamName: string; state: string | undefined } | undefined> {
      const sso = await ssoFor(email);
      if (!sso) return undefined;
      if (withCode) {
        await codeAllowed(email);
        return undefined;
      }
      if (sso.protocol === "saml") {
        const started = await saml.start(sso, email);
        return { url: started.url, teamName: sso.team_name, state: started.state };
      }
      let started: Awaited<ReturnType<OidcClient["start"]>>;
      try {
        started = await oidc.start(await providerOf(sso), { redirectUri, loginHint: email });
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error(
          { err: error, teamId: sso.team_id },
          "single sign-on: the provider could not be reached",
        );
        // No URL: the page says the provider is down and still offers the owner's e-mail code.
        return { url: null, teamName: sso.team_name, state: undefined };
      }
      const { checks } = started;
      await insertSignIn(
        db,
        {
          state: checks.state,
          team_id: sso.team_id,
          email,
          code_verifier: checks.codeVerifier,
          nonce: checks.nonce,
        },
        SSO_SIGN_IN_TTL_SECONDS,
      );
      return { url: started.url, teamName: sso.team_name, state: checks.state };
    },

    /** Before a code signs someone in: enforcement again (a code may predate it). */
    beforeCodeSignIn: codeAllowed,

    /** An owner signed in with a code past enforced single sign-on: the feed says so. */
    async recordBreakGlass(teamId: string, userId: string): Promise<void> {
      await recordActivity(db, { teamId, projectId: null, userId, kind: "sso.break_glass" });
    },

    /**
     * The OpenID Connect provider's answer: the state must be the one this browser started (its
     * cookie), unused and fresh; openid-client checks the code, the ID token and its nonce; the
     * address must be at a domain the team verified.
     */
    async finish(callbackUrl: URL, cookieState: string | undefined): Promise<SsoIdentity> {
      const state = callbackUrl.searchParams.get("state");
      if (!state || !cookieState || state !== cookieState) {
        logger.warn(
          { hasState: Boolean(state), hasCookie: Boolean(cookieState) },
          "single sign-on: state mismatch",
        );
        throw failed("browser");
      }
      const signIn = await takeOidcSignIn(db, state);
      if (!signIn) throw failed("used");
      const sso = await selectTeamSso(db, signIn.team_id);
      if (!sso?.enabled || sso.protocol !== "oidc") throw failed("not_configured");
      const providerError = callbackUrl.searchParams.get("error");
      if (providerError) {
        const description = callbackUrl.searchParams.get("error_description");
        logger.warn(
          { teamId: sso.team_id, providerError, description },
          "single sign-on: the provider refused",
        );
        throw failed("provider_refused");
      }
      let claims: Record<string, unknown>;
      try {
        claims = await oidc.finish(await providerOf(sso), callbackUrl, {
          state: signIn.state,
          nonce: signIn.nonce,
          codeVerifier: signIn.code_verifier,
        });
      } catch (error) {
        logger.warn({ err: error, teamId: sso.team_id }, "single sign-on: the provider's answer was refused");
        throw failed();
      }
      const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
      if (email === "" || claims.email_verified === false) {
        throw failed("no_email");
      }
      return identityFor(db, sso, "oidc", {
        email,
        name: nameOf(claims),
        groups: groupsOf(claims[sso.groups_claim]),
      });
    },

    /** The SAML finish page: the identity the ACS checked, for the browser that started it. */
    finishSaml: saml.finish,

    /**
     * Just-in-time membership, in one transaction with its activity: a first sign-in joins with the
     * mapped role (else the default), a later one follows the provider's groups (never the owner's
     * role). Answers whether the person joined now.
     */
    async join(identity: SsoIdentity, userId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const current = await selectMemberRole(trx, identity.teamId, userId);
        let joined = false;
        if (current === undefined) {
          const role = identity.mappedRole ?? identity.defaultRole;
          joined = (await insertInvitedMember(trx, { teamId: identity.teamId, userId, role })) !== undefined;
          if (joined) {
            await recordActivity(trx, {
              teamId: identity.teamId,
              projectId: null,
              userId,
              kind: "member.joined",
              details: { role, via: "single sign-on" },
            });
          }
        } else if (identity.mappedRole && current !== "owner" && current !== identity.mappedRole) {
          await setMemberRole(trx, identity.teamId, userId, identity.mappedRole);
          await recordActivity(trx, {
            teamId: identity.teamId,
            projectId: null,
            userId,
            kind: "member.role_changed",
            details: { from: current, to: identity.mappedRole, via: "single sign-on" },
          });
        }
        await insertSsoJoin(trx, identity.teamId, userId);
        await recordActivity(trx, {
          teamId: identity.teamId,
          projectId: null,
          userId,
          kind: "sso.signed_in",
          details: { protocol: identity.protocol },
        });
        return joined;
      });
    },
  };
}

export type SsoSignInService = ReturnType<typeof createSsoSignInService>;
