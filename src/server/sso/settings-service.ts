import type { Kysely } from "kysely";
import type { z } from "zod";
import { SSO_ERRORS, type SsoSettings, type ssoSettingsBodySchema } from "../../shared/schemas/sso.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Access } from "../teams/access.ts";
import { fetchMetadata } from "./metadata-fetch.ts";
import type { OidcClient } from "./oidc-client.ts";
import { presentDomain } from "./present.ts";
import {
  deleteTeamSso,
  type ProviderWrite,
  type SsoRow,
  selectTeamDomains,
  selectTeamSso,
  upsertTeamSso,
} from "./queries.ts";
import { serviceProviderOf } from "./saml-client.ts";
import { readIdpMetadata } from "./saml-metadata.ts";
import type { SecretBox } from "./secret-box.ts";

const iso = (value: Date | string) => new Date(value).toISOString();

/** Why a provider's discovery document could not be read, in a sentence for the owner. */
function discoveryError(issuer: string, error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError(
    "bad_request",
    `Could not read the provider's discovery document (${issuer.replace(/\/$/, "")}/.well-known/openid-configuration): ${reason}`,
  );
}

type SettingsInput = z.output<typeof ssoSettingsBodySchema>;
type OidcInput = Extract<SettingsInput, { protocol: "oidc" }>;
type SamlInput = Extract<SettingsInput, { protocol: "saml" }>;

/**
 * A team's single sign-on settings (issue 38), the owner's alone (`team.manageSettings`). Saving
 * reads the provider first, so a wrong one is refused with the reason, not found at the first
 * sign-in: an OpenID Connect issuer's discovery document, or a SAML IdP's metadata (pasted, or read
 * from its URL). The client secret is never answered, only whether one is stored. Saving one kind of
 * provider forgets the other kind's values.
 */
export function createSsoSettingsService(deps: {
  db: Kysely<DB>;
  access: Access;
  oidc: OidcClient;
  box: SecretBox;
  redirectUri: string;
  publicUrl: string;
  /** SSO_ALLOW_HTTP=1: http:// metadata URLs and IdP locations, for tests and a local IdP. */
  allowHttp: boolean;
  logger: Logger;
}) {
  const { db, access, oidc, box, redirectUri, publicUrl, allowHttp } = deps;

  async function load(teamId: string): Promise<SsoSettings> {
    const [row, domains] = await Promise.all([selectTeamSso(db, teamId), selectTeamDomains(db, teamId)]);
    const protocol = row?.protocol === "saml" ? "saml" : "oidc";
    return {
      settings: row
        ? {
            protocol,
            enabled: row.enabled,
            enforced: row.enforced,
            defaultRole: row.default_role === "admin" ? "admin" : "reviewer",
            groupsClaim: row.groups_claim,
            roleMappings: row.role_mappings,
            oidc:
              protocol === "oidc"
                ? {
                    issuer: row.oidc_issuer ?? "",
                    clientId: row.oidc_client_id ?? "",
                    hasClientSecret: Boolean(row.oidc_client_secret),
                  }
                : null,
            saml:
              protocol === "saml"
                ? {
                    idpEntityId: row.saml_idp_entity_id ?? "",
                    ssoUrl: row.saml_sso_url ?? "",
                    certificateCount: row.saml_idp_certificates?.length ?? 0,
                    metadataUrl: row.saml_metadata_url,
                  }
                : null,
            updatedAt: iso(row.updated_at),
          }
        : null,
      redirectUri,
      sp: serviceProviderOf(publicUrl, teamId),
      domains: domains.map(presentDomain),
    };
  }

  /** The OIDC provider to store, its discovery read first; the secret sealed (undefined keeps it). */
  async function oidcProvider(input: OidcInput, stored: SsoRow | undefined): Promise<ProviderWrite> {
    const newSecret = input.oidc.clientSecret.trim();
    let secret = newSecret;
    if (secret === "") {
      // Kept only while the provider is the same: a new issuer or client needs its own secret.
      const same =
        stored?.oidc_issuer === input.oidc.issuer && stored?.oidc_client_id === input.oidc.clientId;
      if (!stored?.oidc_client_secret || !same)
        throw new AppError("bad_request", SSO_ERRORS.clientSecretRequired);
      secret = await box.open(stored.oidc_client_secret);
    }
    try {
      await oidc.check({ issuer: input.oidc.issuer, clientId: input.oidc.clientId, clientSecret: secret });
    } catch (error) {
      throw discoveryError(input.oidc.issuer, error);
    }
    return {
      protocol: "oidc",
      issuer: input.oidc.issuer,
      clientId: input.oidc.clientId,
      clientSecret: newSecret === "" ? undefined : await box.seal(newSecret),
    };
  }

  /** The SAML IdP to store, from its metadata (read from the URL when one is given). */
  async function samlProvider(input: SamlInput, stored: SsoRow | undefined): Promise<ProviderWrite> {
    const { metadataXml, metadataUrl } = input.saml;
    if (metadataXml === undefined && metadataUrl === undefined) {
      // Neither: the stored metadata stays (the settings page changes the rest without re-pasting it).
      if (stored?.protocol !== "saml" || !stored.saml_idp_entity_id) {
        throw new AppError("bad_request", SSO_ERRORS.samlMetadataRequired);
      }
      return { protocol: "saml", metadata: undefined };
    }
    const xml = metadataXml ?? (await fetchMetadata(metadataUrl ?? "", { allowHttp }));
    const idp = readIdpMetadata(xml, { allowHttp });
    return {
      protocol: "saml",
      metadata: {
        xml,
        url: metadataUrl ?? null,
        idpEntityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        certificates: idp.certificates,
      },
    };
  }

  return {
    async get(userId: string, teamId: string): Promise<SsoSettings> {
      await access.team(userId, teamId, "team.manageSettings");
      return load(teamId);
    },

    async save(userId: string, teamId: string, input: SettingsInput): Promise<SsoSettings> {
      await access.team(userId, teamId, "team.manageSettings");
      const stored = await selectTeamSso(db, teamId);
      const provider =
        input.protocol === "saml" ? await samlProvider(input, stored) : await oidcProvider(input, stored);
      await db.transaction().execute(async (trx) => {
        await upsertTeamSso(trx, teamId, userId, {
          enabled: input.enabled,
          enforced: input.enforced,
          defaultRole: input.defaultRole,
          groupsClaim: input.groupsClaim,
          roleMappings: input.roleMappings,
          provider,
        });
        await recordActivity(trx, {
          teamId,
          projectId: null,
          userId,
          kind: "sso.changed",
          details: {
            change: stored ? "updated" : "set_up",
            protocol: input.protocol,
            enabled: input.enabled,
            enforced: input.enforced,
            issuer:
              provider.protocol === "oidc"
                ? provider.issuer
                : (provider.metadata?.idpEntityId ?? stored?.saml_idp_entity_id ?? ""),
          },
        });
      });
      return load(teamId);
    },

    async remove(userId: string, teamId: string): Promise<SsoSettings> {
      await access.team(userId, teamId, "team.manageSettings");
      await db.transaction().execute(async (trx) => {
        if (!(await deleteTeamSso(trx, teamId))) throw new AppError("not_found", SSO_ERRORS.notConfigured);
        await recordActivity(trx, {
          teamId,
          projectId: null,
          userId,
          kind: "sso.changed",
          details: { change: "removed" },
        });
      });
      return load(teamId);
    },
  };
}

export type SsoSettingsService = ReturnType<typeof createSsoSettingsService>;
