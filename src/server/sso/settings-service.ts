import type { Kysely } from "kysely";
import type { z } from "zod";
import { SSO_ERRORS, type SsoSettings, type ssoSettingsBodySchema } from "../../shared/schemas/sso.ts";
import { recordActivity } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Access } from "../teams/access.ts";
import type { OidcClient } from "./oidc-client.ts";
import { presentDomain } from "./present.ts";
import { deleteTeamSso, selectTeamDomains, selectTeamSso, upsertTeamSso } from "./queries.ts";
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

/**
 * A team's single sign-on settings (issue 38), the owner's alone (`team.manageSettings`). Saving
 * reads the provider's discovery document first, so a wrong issuer is refused with the reason, not
 * found at the first sign-in. The client secret is never answered, only whether one is stored.
 */
export function createSsoSettingsService(deps: {
  db: Kysely<DB>;
  access: Access;
  oidc: OidcClient;
  box: SecretBox;
  redirectUri: string;
  logger: Logger;
}) {
  const { db, access, oidc, box, redirectUri } = deps;

  async function load(teamId: string): Promise<SsoSettings> {
    const [row, domains] = await Promise.all([selectTeamSso(db, teamId), selectTeamDomains(db, teamId)]);
    return {
      settings: row
        ? {
            protocol: "oidc",
            enabled: row.enabled,
            enforced: row.enforced,
            defaultRole: row.default_role === "admin" ? "admin" : "reviewer",
            groupsClaim: row.groups_claim,
            roleMappings: row.role_mappings,
            oidc: {
              issuer: row.oidc_issuer ?? "",
              clientId: row.oidc_client_id ?? "",
              hasClientSecret: Boolean(row.oidc_client_secret),
            },
            updatedAt: iso(row.updated_at),
          }
        : null,
      redirectUri,
      domains: domains.map(presentDomain),
    };
  }

  return {
    async get(userId: string, teamId: string): Promise<SsoSettings> {
      await access.team(userId, teamId, "team.manageSettings");
      return load(teamId);
    },

    async save(
      userId: string,
      teamId: string,
      input: z.output<typeof ssoSettingsBodySchema>,
    ): Promise<SsoSettings> {
      await access.team(userId, teamId, "team.manageSettings");
      const stored = await selectTeamSso(db, teamId);
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
      const sealed = newSecret === "" ? undefined : await box.seal(newSecret);
      await db.transaction().execute(async (trx) => {
        await upsertTeamSso(trx, teamId, userId, {
          protocol: input.protocol,
          enabled: input.enabled,
          enforced: input.enforced,
          defaultRole: input.defaultRole,
          groupsClaim: input.groupsClaim,
          roleMappings: input.roleMappings,
          oidcIssuer: input.oidc.issuer,
          oidcClientId: input.oidc.clientId,
          oidcClientSecret: sealed,
        });
        await recordActivity(trx, {
          teamId,
          projectId: null,
          userId,
          kind: "sso.changed",
          details: {
            change: stored ? "updated" : "set_up",
            enabled: input.enabled,
            enforced: input.enforced,
            issuer: input.oidc.issuer,
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
