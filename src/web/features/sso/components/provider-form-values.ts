import type { Control } from "react-hook-form";
import { z } from "zod";
import {
  type RoleMapping,
  SSO_ERRORS,
  type SsoProtocol,
  type SsoSettings,
  type SsoSettingsBody,
  ssoSettingsBodySchema,
} from "../../../../shared/schemas/sso.ts";

export type StoredSettings = NonNullable<SsoSettings["settings"]>;
export type ProviderBody = z.output<typeof ssoSettingsBodySchema>;

/** Where a SAML IdP's metadata comes from: the URL it is published at, or pasted XML. */
export type MetadataSource = "url" | "xml";

/**
 * The provider form as a person fills it: both kinds' fields at once, so switching between OpenID
 * Connect and SAML loses nothing typed. `providerBody` makes the API's body of the chosen kind.
 */
export interface ProviderForm {
  protocol: SsoProtocol;
  enabled: boolean;
  enforced: boolean;
  defaultRole: "reviewer" | "admin";
  groupsClaim: string;
  roleMappings: RoleMapping[];
  oidc: { issuer: string; clientId: string; clientSecret: string };
  saml: { source: MetadataSource; metadataUrl: string; metadataXml: string };
}

/** The form's control, as its field components take it. */
export type ProviderControl = Control<ProviderForm, unknown, ProviderBody>;

/** The form as stored (secrets and pasted metadata never come back), or a new provider's defaults. */
export function formValues(stored: StoredSettings | null): ProviderForm {
  return {
    protocol: stored?.protocol ?? "oidc",
    enabled: stored?.enabled ?? true,
    enforced: stored?.enforced ?? false,
    defaultRole: stored?.defaultRole ?? "reviewer",
    groupsClaim: stored?.groupsClaim ?? "groups",
    roleMappings: stored?.roleMappings.map((mapping) => ({ ...mapping })) ?? [],
    oidc: { issuer: stored?.oidc?.issuer ?? "", clientId: stored?.oidc?.clientId ?? "", clientSecret: "" },
    saml: {
      source: stored?.saml && stored.saml.metadataUrl === null ? "xml" : "url",
      metadataUrl: stored?.saml?.metadataUrl ?? "",
      metadataXml: "",
    },
  };
}

/** The API's body for the chosen kind; empty metadata of a stored SAML IdP keeps what is stored. */
export function providerBody(form: ProviderForm): SsoSettingsBody {
  const shared = {
    enabled: form.enabled,
    enforced: form.enforced,
    defaultRole: form.defaultRole,
    groupsClaim: form.groupsClaim,
    roleMappings: form.roleMappings,
  };
  if (form.protocol === "oidc") return { protocol: "oidc", ...shared, oidc: form.oidc };
  const url = form.saml.metadataUrl.trim();
  const xml = form.saml.metadataXml.trim();
  const saml =
    form.saml.source === "url"
      ? url === ""
        ? {}
        : { metadataUrl: url }
      : xml === ""
        ? {}
        : { metadataXml: xml };
  return { protocol: "saml", ...shared, saml };
}

/**
 * The API's rules, and the server's about what is kept ahead of it: an empty client secret keeps
 * the stored one only for the same issuer and client, and empty metadata only for a stored SAML
 * IdP, so a new provider is asked for them here rather than after a round trip. Issues land on the
 * form's fields (the body's paths are the form's).
 */
export function providerSchema(stored: StoredSettings | null) {
  return z
    .custom<ProviderForm>()
    .transform(providerBody)
    .pipe(
      ssoSettingsBodySchema.superRefine((body, ctx) => {
        if (body.protocol === "oidc") {
          if (body.oidc.clientSecret.trim() !== "") return;
          const kept =
            stored?.oidc?.hasClientSecret === true &&
            stored.oidc.issuer === body.oidc.issuer &&
            stored.oidc.clientId === body.oidc.clientId;
          if (!kept) {
            ctx.addIssue({
              code: "custom",
              path: ["oidc", "clientSecret"],
              message: SSO_ERRORS.clientSecretRequired,
            });
          }
          return;
        }
        if (body.saml.metadataUrl === undefined && body.saml.metadataXml === undefined && !stored?.saml) {
          // On both: the form shows the one of the source chosen.
          for (const field of ["metadataUrl", "metadataXml"]) {
            ctx.addIssue({ code: "custom", path: ["saml", field], message: SSO_ERRORS.samlMetadataRequired });
          }
        }
      }),
    );
}
