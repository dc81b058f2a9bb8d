import { randomBytes } from "node:crypto";
import { SamlStatusError } from "@node-saml/node-saml";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { insertSignIn, type SsoRow, selectTeamSso } from "./queries.ts";
import { type SamlClient, type SamlIdp, serviceProviderOf } from "./saml-client.ts";
import { personOf } from "./saml-profile.ts";
import {
  completeSamlSignIn,
  insertSeenAssertion,
  selectPendingSamlSignIn,
  takeSamlIdentity,
} from "./saml-queries.ts";
import { signInRequestCache } from "./saml-request-cache.ts";
import {
  failed,
  identityFor,
  SSO_SIGN_IN_TTL_SECONDS,
  type SsoIdentity,
  ssoIdentitySchema,
} from "./sign-in-rules.ts";

/** A team id as better-auth makes them (the API's path rule for teamId). */
const TEAM_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** A seen assertion is remembered past its NotOnOrAfter by the clock skew the check allows… */
const SEEN_MARGIN_MS = 60_000;
/** …and a day at most: by then its request is long spent, which refuses it on its own. */
const SEEN_AT_MOST_MS = 24 * 60 * 60 * 1000;

function idpOf(sso: SsoRow): SamlIdp {
  const certificates = sso.saml_idp_certificates ?? [];
  if (!sso.saml_idp_entity_id || !sso.saml_sso_url || certificates.length === 0) {
    throw failed("not_configured");
  }
  return { entityId: sso.saml_idp_entity_id, ssoUrl: sso.saml_sso_url, certificates };
}

function seenUntil(notOnOrAfter: Date | undefined): Date {
  const now = Date.now();
  const end = notOnOrAfter ? notOnOrAfter.getTime() + SEEN_MARGIN_MS : now + SSO_SIGN_IN_TTL_SECONDS * 1000;
  return new Date(Math.min(Math.max(end, now), now + SEEN_AT_MOST_MS));
}

/**
 * Signing in through a team's SAML 2.0 IdP (issue 38), Sprog being the team's own service provider.
 * Three steps, because the IdP's answer comes as a cross-site form POST, which carries none of the
 * browser's SameSite=Lax cookies:
 * 1. `start`: the sign-in row and the AuthnRequest (its ID on the row), its state as RelayState and
 *    in the browser's cookie;
 * 2. `answer` (the ACS): node-saml checks the response against the sign-in the RelayState names
 *    (which must be this team's, fresh, unanswered), the assertion ID is spent, the address must be
 *    at a verified domain; the identity waits on the row;
 * 3. `finish`: the browser that started it (its cookie equals the state) takes the identity, once.
 */
export function createSamlSignIn(deps: {
  db: Kysely<DB>;
  saml: SamlClient;
  publicUrl: string;
  logger: Logger;
}) {
  const { db, saml, publicUrl, logger } = deps;

  return {
    /** The IdP's URL with a fresh AuthnRequest, and the state for the browser's cookie. */
    async start(sso: SsoRow, email: string): Promise<{ url: string; state: string }> {
      const idp = idpOf(sso);
      const state = randomBytes(32).toString("base64url");
      await insertSignIn(
        db,
        { state, team_id: sso.team_id, email, code_verifier: null, nonce: null },
        SSO_SIGN_IN_TTL_SECONDS,
      );
      const sp = serviceProviderOf(publicUrl, sso.team_id);
      const url = await saml.authorizeUrl(sp, idp, signInRequestCache(db, state), state);
      return { url, state };
    },

    /** The IdP's POST to the team's ACS; answers the state for the finish page. */
    async answer(teamId: string, form: { SAMLResponse?: string; RelayState?: string }): Promise<string> {
      const state = form.RelayState ?? "";
      if (!form.SAMLResponse || state === "") {
        // Without RelayState the IdP started it (IdP-initiated): no browser of ours asked for it.
        throw failed("unsolicited");
      }
      const signIn = await selectPendingSamlSignIn(db, state);
      if (!signIn || signIn.team_id !== teamId) throw failed("used");
      const sso = await selectTeamSso(db, teamId);
      if (!sso?.enabled || sso.protocol !== "saml") throw failed("not_configured");
      const sp = serviceProviderOf(publicUrl, teamId);
      let checked: Awaited<ReturnType<SamlClient["validate"]>>;
      try {
        checked = await saml.validate(sp, idpOf(sso), signInRequestCache(db, state), {
          SAMLResponse: form.SAMLResponse,
          RelayState: state,
        });
      } catch (error) {
        logger.warn({ err: error, teamId }, "single sign-on: the IdP's SAML response was refused");
        if (error instanceof SamlStatusError) {
          throw failed("provider_refused");
        }
        throw failed();
      }
      const person = personOf(checked.profile, sso.groups_claim);
      if (person.email === "") throw failed("no_email");
      const identity = await identityFor(db, sso, "saml", person);
      const expiresAt = seenUntil(checked.assertion.notOnOrAfter);
      await db.transaction().execute(async (trx) => {
        const fresh = await insertSeenAssertion(trx, {
          teamId,
          assertionId: checked.assertion.id,
          expiresAt,
        });
        if (!fresh) {
          logger.warn({ teamId }, "single sign-on: a SAML assertion was replayed");
          throw failed("used");
        }
        if (!(await completeSamlSignIn(trx, state, teamId, identity))) throw failed("used");
      });
      return state;
    },

    /**
     * The finish page: the state must be the one this browser started (its cookie: what ties the
     * sign-in to the browser, as the callback's check does for OIDC); the identity is taken once.
     */
    async finish(state: string | undefined, cookieState: string | undefined): Promise<SsoIdentity> {
      if (!state || !cookieState || state !== cookieState) {
        logger.warn(
          { hasState: Boolean(state), hasCookie: Boolean(cookieState) },
          "single sign-on: state mismatch",
        );
        throw failed("browser");
      }
      const row = await takeSamlIdentity(db, state);
      if (!row) throw failed("used");
      const identity = ssoIdentitySchema.safeParse(row.identity);
      if (!identity.success || identity.data.teamId !== row.team_id) throw failed();
      const sso = await selectTeamSso(db, row.team_id);
      if (!sso?.enabled || sso.protocol !== "saml") throw failed("not_configured");
      return identity.data;
    },

    /**
     * A team's SP metadata. It follows from the id alone, so it is served before SAML is set up
     * (an IdP's admin registers Sprog first) and for any id of a team's shape: the answer says
     * nothing of whether the team exists or how it signs in.
     */
    metadata(teamId: string): string | undefined {
      if (!TEAM_ID.test(teamId)) return undefined;
      return saml.metadata(serviceProviderOf(publicUrl, teamId));
    },
  };
}

export type SamlSignIn = ReturnType<typeof createSamlSignIn>;
