import { z } from "zod";

/**
 * Single sign-on per team (issue 38): the domains a team proved it owns, and the identity provider
 * its members at those domains sign in with.
 */

const SSO_ERRORS_FAILED = "Single sign-on failed. Please try again, or ask your team's owner.";

export const SSO_ERRORS = {
  domainInvalid: "Enter a domain like example.com",
  domainTaken: "Another team has verified this domain",
  domainExists: "This domain is already on the list",
  domainNotFound: "Domain not found",
  txtMissing:
    "The TXT record was not found yet. DNS changes can take a few minutes to show; please try again.",
  issuerInvalid: "The issuer must be an https:// URL",
  clientIdRequired: "Client ID is required",
  clientSecretRequired: "Client secret is required",
  groupRequired: "Group is required",
  notConfigured: "Single sign-on is not set up for this team",
  enforcedRefused:
    "Your team signs in with single sign-on. Please use the Continue with single sign-on button.",
  signInFailed: SSO_ERRORS_FAILED,
  samlMetadataRequired: "Paste the identity provider's metadata XML or give its metadata URL",
  samlMetadataBoth: "Give the metadata XML or its URL, not both",
  samlMetadataTooLarge: "The metadata XML is too large (256 KB at most)",
  samlMetadataUrlInvalid: "The metadata URL must be an https:// URL",
  samlNotMetadata: "This is not SAML metadata",
  samlNoIdp: "The metadata describes no identity provider (it has no IDPSSODescriptor)",
  samlNoEntityId: "The identity provider in the metadata has no entityID",
  samlNoSsoUrl:
    "The metadata has no single sign-on location for the HTTP-Redirect or HTTP-POST binding (SingleSignOnService)",
  samlNoCertificate:
    "The metadata has no signing certificate (a KeyDescriptor for signing with an X509Certificate)",
} as const;

/**
 * Why a sign-in through the team's provider failed, by the code the sign-in page gets
 * (`/login?sso_error=<code>`): the page shows our sentence, never text from the address bar, so a
 * link cannot put words of its own on Sprog's page.
 */
export const SSO_SIGN_IN_ERRORS = {
  browser: "This sign-in was not started in this browser, or has expired. Please sign in again.",
  used: "This sign-in has expired or was already used. Please sign in again.",
  not_configured: "Single sign-on is not set up for your team any more. Please sign in with an e-mail code.",
  provider_refused: "Your identity provider did not let you in. Please try again, or ask your team's owner.",
  no_email: "Your identity provider did not give a verified e-mail address.",
  other_domain: "Your address is not at a domain your team verified for single sign-on.",
  removed: "You are no longer a member of this team. Please ask its owner to invite you again.",
  unsolicited: "Please start single sign-on from Sprog's sign-in page.",
  too_large: "The answer from your identity provider was too large.",
  failed: SSO_ERRORS_FAILED,
} as const;
export type SsoSignInErrorCode = keyof typeof SSO_SIGN_IN_ERRORS;

/** The sentence for a code from the address bar; anything unknown reads as a plain failure. */
export function ssoSignInError(code: string | null): string | undefined {
  if (code === null) return undefined;
  return Object.hasOwn(SSO_SIGN_IN_ERRORS, code)
    ? SSO_SIGN_IN_ERRORS[code as SsoSignInErrorCode]
    : SSO_SIGN_IN_ERRORS.failed;
}

/** The DNS name a team's TXT record goes under, and its value. */
export const DOMAIN_TXT_PREFIX = "_sprog-verification";
export const domainTxtName = (domain: string) => `${DOMAIN_TXT_PREFIX}.${domain}`;
export const domainTxtValue = (token: string) => `sprog-verification=${token}`;

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * A domain a person types: trimmed, lower-cased, an international name in its ASCII (punycode) form
 * as DNS and e-mail addresses carry it; a URL or an address is cut down to its host.
 */
export const domainSchema = z
  .string({ error: SSO_ERRORS.domainInvalid })
  .trim()
  .min(1, SSO_ERRORS.domainInvalid)
  .max(253, SSO_ERRORS.domainInvalid)
  .transform((value, ctx) => {
    const bare = value
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
      .replace(/^.*@/, "")
      .replace(/[/?#].*$/, "");
    let host: string;
    try {
      host = new URL(`http://${bare}`).hostname;
    } catch {
      host = "";
    }
    if (!HOSTNAME.test(host)) {
      ctx.addIssue({ code: "custom", message: SSO_ERRORS.domainInvalid });
      return z.NEVER;
    }
    return host;
  });

/** The part of an address after the @, as domains are stored. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

export const teamDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** The TXT record to add: its name and value. */
  txtName: z.string(),
  txtValue: z.string(),
});
export type TeamDomain = z.infer<typeof teamDomainSchema>;
export const teamDomainListSchema = z.object({ domains: z.array(teamDomainSchema) });

export const addDomainBodySchema = z.object({ domain: domainSchema });

/** Roles single sign-on gives: never owner, which is the team creator's. */
export const SSO_ROLES = ["reviewer", "admin"] as const;
export const ssoRoleSchema = z.enum(SSO_ROLES);

export const roleMappingSchema = z.object({
  group: z.string().trim().min(1, SSO_ERRORS.groupRequired).max(200),
  role: ssoRoleSchema,
});
export type RoleMapping = z.infer<typeof roleMappingSchema>;

const issuerSchema = z
  .string({ error: SSO_ERRORS.issuerInvalid })
  .trim()
  .max(2000, SSO_ERRORS.issuerInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: SSO_ERRORS.issuerInvalid }));

export const SSO_PROTOCOLS = ["oidc", "saml"] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** The largest IdP metadata XML an owner may paste (real ones are a few KB; signed aggregates more). */
export const SAML_METADATA_MAX_CHARS = 256 * 1024;

/** What both kinds of provider share: who may sign in, and with which role. */
const ssoSharedBody = {
  enabled: z.boolean().default(true),
  enforced: z.boolean().default(false),
  defaultRole: ssoRoleSchema.default("reviewer"),
  /** The claim (OIDC) or attribute (SAML) that lists the person's groups. */
  groupsClaim: z.string().trim().min(1).max(200).default("groups"),
  roleMappings: z.array(roleMappingSchema).max(50).default([]),
};

/** An OpenID Connect provider. An empty client secret keeps the one stored. */
const oidcSettingsBodySchema = z.object({
  // Optional: bodies from before SAML named no protocol.
  protocol: z.literal("oidc").default("oidc"),
  ...ssoSharedBody,
  oidc: z.object({
    issuer: issuerSchema,
    clientId: z
      .string({ error: SSO_ERRORS.clientIdRequired })
      .trim()
      .min(1, SSO_ERRORS.clientIdRequired)
      .max(500),
    clientSecret: z.string().max(2000).default(""),
  }),
});

/**
 * A SAML 2.0 identity provider, by its metadata: pasted XML or the URL it is published at (read
 * when saving). Neither keeps the metadata stored, as an empty client secret keeps the secret.
 */
const samlSettingsBodySchema = z.object({
  protocol: z.literal("saml"),
  ...ssoSharedBody,
  saml: z
    .object({
      metadataXml: z
        .string()
        .trim()
        .min(1)
        .max(SAML_METADATA_MAX_CHARS, SSO_ERRORS.samlMetadataTooLarge)
        .optional(),
      metadataUrl: z
        .string()
        .trim()
        .max(2000, SSO_ERRORS.samlMetadataUrlInvalid)
        .pipe(z.url({ protocol: /^https?$/, error: SSO_ERRORS.samlMetadataUrlInvalid }))
        .optional(),
    })
    .refine((saml) => saml.metadataXml === undefined || saml.metadataUrl === undefined, {
      message: SSO_ERRORS.samlMetadataBoth,
    }),
});

/** What the Single sign-on settings save: one provider, OpenID Connect or SAML 2.0. */
export const ssoSettingsBodySchema = z.discriminatedUnion("protocol", [
  oidcSettingsBodySchema,
  samlSettingsBodySchema,
]);
export type SsoSettingsBody = z.input<typeof ssoSettingsBodySchema>;

export const ssoSettingsSchema = z.object({
  /** null: not set up yet. */
  settings: z
    .object({
      protocol: z.enum(SSO_PROTOCOLS),
      enabled: z.boolean(),
      enforced: z.boolean(),
      defaultRole: ssoRoleSchema,
      groupsClaim: z.string(),
      roleMappings: z.array(roleMappingSchema),
      /** The OpenID Connect provider; null when the team signs in with SAML. */
      oidc: z.object({ issuer: z.string(), clientId: z.string(), hasClientSecret: z.boolean() }).nullable(),
      /** What Sprog read from the SAML IdP's metadata; null when the team signs in with OIDC. */
      saml: z
        .object({
          idpEntityId: z.string(),
          ssoUrl: z.string(),
          certificateCount: z.number().int(),
          /** Where the metadata was read from; null when it was pasted. */
          metadataUrl: z.string().nullable(),
        })
        .nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** What to paste into an OpenID Connect provider. */
  redirectUri: z.string(),
  /** What to paste into a SAML IdP: Sprog as the team's service provider. */
  sp: z.object({ entityId: z.string(), acsUrl: z.string(), metadataUrl: z.string() }),
  domains: z.array(teamDomainSchema),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
