import {
  type CacheProvider,
  generateServiceProviderMetadata,
  type Profile,
  SAML,
  ValidateInResponseTo,
} from "@node-saml/node-saml";
import { type AssertionFacts, assertionFacts } from "./saml-profile.ts";

/** Where a team's SAML pages are: the SP's entity ID, and the ACS and metadata under it. */
export const SAML_BASE_PATH = "/sso/saml";
/** Where the ACS sends the browser that started the sign-in, with its state. */
export const SAML_FINISH_PATH = `${SAML_BASE_PATH}/finish`;

/** Sprog as one team's service provider: what its owner pastes into the IdP. */
export interface ServiceProvider {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
}

/** A team's IdP, as its settings keep what its metadata said. */
export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** The clocks of Sprog and the IdP may differ by this much. */
const CLOCK_SKEW_MS = 60_000;
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

/** Each team is its own service provider: one IdP's answer for one team is no answer for another. */
export function serviceProviderOf(publicUrl: string, teamId: string): ServiceProvider {
  const entityId = `${publicUrl}${SAML_BASE_PATH}/${encodeURIComponent(teamId)}`;
  return { entityId, acsUrl: `${entityId}/acs`, metadataUrl: `${entityId}/metadata` };
}

/**
 * node-saml (passport-saml's core) for one team and one sign-in. Its checks, all on:
 * - the assertion signed by one of the IdP's certificates (`wantAssertionsSigned`; the response
 *   around it may be unsigned, as Entra ID and Okta send it by default, since what it says of the
 *   person is in the assertion), XML signature wrapping handled by checking what was signed;
 * - `audience` this team's entity ID; NotBefore/NotOnOrAfter within 60 s of skew;
 * - InResponseTo (`always`): a request this sign-in sent, kept by `cache` in the database, not in
 *   node-saml's memory (several server processes share one database).
 * `disableRequestedAuthnContext`: asking for password authentication exactly makes Entra ID refuse
 * people who signed in another way (AADSTS75011); how they authenticate is the IdP's policy.
 * `identifierFormat: null` lets the IdP send the NameID it is set up for (an address is read from
 * the attributes when the NameID is not one).
 */
function samlFor(sp: ServiceProvider, idp: SamlIdp, cache: CacheProvider, requestTtlMs: number): SAML {
  return new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: idp.ssoUrl,
    idpCert: idp.certificates,
    idpIssuer: idp.entityId,
    audience: sp.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: requestTtlMs,
    cacheProvider: cache,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

export function createSamlClient(options: { requestTtlMs: number }) {
  const { requestTtlMs } = options;
  return {
    /** The IdP's URL with the AuthnRequest (HTTP-Redirect); `cache` keeps the request's ID. */
    authorizeUrl(sp: ServiceProvider, idp: SamlIdp, cache: CacheProvider, relayState: string) {
      return samlFor(sp, idp, cache, requestTtlMs).getAuthorizeUrlAsync(relayState, undefined, {});
    },

    /**
     * The IdP's POSTed answer, checked by node-saml (above); then what node-saml leaves to its
     * caller: the assertion's issuer must be the team's IdP (node-saml checks `idpIssuer` only on
     * logout messages), and its bearer confirmation must name this ACS when it names one.
     */
    async validate(
      sp: ServiceProvider,
      idp: SamlIdp,
      cache: CacheProvider,
      form: { SAMLResponse: string; RelayState: string },
    ): Promise<{ profile: Profile; assertion: AssertionFacts }> {
      const { profile } = await samlFor(sp, idp, cache, requestTtlMs).validatePostResponseAsync(form);
      if (!profile) throw new Error("the IdP's answer holds no assertion");
      if (profile.issuer !== idp.entityId) {
        throw new Error(`the assertion's issuer is ${String(profile.issuer)}, not ${idp.entityId}`);
      }
      const assertion = assertionFacts(profile);
      if (assertion.id === "") throw new Error("the assertion has no ID");
      if (assertion.recipients.length > 0 && !assertion.recipients.includes(sp.acsUrl)) {
        throw new Error(`the assertion is for ${assertion.recipients.join(", ")}, not ${sp.acsUrl}`);
      }
      return { profile, assertion };
    },

    /** The team's SP metadata, for the IdP: entity ID, ACS (HTTP-POST), signed assertions wanted. */
    metadata(sp: ServiceProvider): string {
      return generateServiceProviderMetadata({
        issuer: sp.entityId,
        callbackUrl: sp.acsUrl,
        identifierFormat: EMAIL_FORMAT,
        wantAssertionsSigned: true,
      });
    },
  };
}

export type SamlClient = ReturnType<typeof createSamlClient>;
