import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { domainTxtName, domainTxtValue, SSO_ERRORS, type TeamDomain } from "../../shared/schemas/sso.ts";
import { recordActivity } from "../activity/record.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Access } from "../teams/access.ts";
import { presentDomain } from "./present.ts";
import {
  deleteTeamDomain,
  domainVerifiedByOtherTeam,
  insertTeamDomain,
  markDomainVerified,
  selectTeamDomain,
  selectTeamDomains,
} from "./queries.ts";
import type { TxtResolver } from "./txt-resolver.ts";

/**
 * The domains a team proves it owns (issue 38): the owner adds one, publishes the TXT record shown,
 * and asks the server to look. Only a verified domain sends its addresses to the team's identity
 * provider, and a domain is verified by one team at most.
 */
export function createDomainService(deps: {
  db: Kysely<DB>;
  access: Access;
  resolveTxt: TxtResolver;
  logger: Logger;
}) {
  const { db, access, resolveTxt, logger } = deps;

  return {
    async list(userId: string, teamId: string): Promise<TeamDomain[]> {
      await access.team(userId, teamId, "team.manageSettings");
      return (await selectTeamDomains(db, teamId)).map(presentDomain);
    },

    async add(userId: string, teamId: string, domain: string): Promise<TeamDomain> {
      await access.team(userId, teamId, "team.manageSettings");
      if (await domainVerifiedByOtherTeam(db, teamId, domain)) {
        throw new AppError("conflict", SSO_ERRORS.domainTaken);
      }
      const token = randomBytes(18).toString("base64url");
      const row = await insertTeamDomain(db, { teamId, domain, token, userId }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError("conflict", SSO_ERRORS.domainExists);
        throw error;
      });
      return presentDomain(row);
    },

    /** Looks up the TXT record now; verified once, a domain stays verified until removed. */
    async verify(userId: string, teamId: string, domainId: string): Promise<TeamDomain> {
      await access.team(userId, teamId, "team.manageSettings");
      const row = await selectTeamDomain(db, teamId, domainId);
      if (!row) throw new AppError("not_found", SSO_ERRORS.domainNotFound);
      if (row.verified_at !== null) return presentDomain(row);
      let records: string[];
      try {
        records = await resolveTxt(domainTxtName(row.domain));
      } catch (error) {
        logger.warn({ err: error, domain: row.domain }, "domain verification: DNS lookup failed");
        throw new AppError("upstream_failed", SSO_ERRORS.txtMissing);
      }
      if (!records.map((record) => record.trim()).includes(domainTxtValue(row.token))) {
        throw new AppError("bad_request", SSO_ERRORS.txtMissing);
      }
      if (await domainVerifiedByOtherTeam(db, teamId, row.domain)) {
        throw new AppError("conflict", SSO_ERRORS.domainTaken);
      }
      const verified = await db
        .transaction()
        .execute(async (trx) => {
          const updated = await markDomainVerified(trx, row.id);
          await recordActivity(trx, {
            teamId,
            projectId: null,
            userId,
            kind: "sso.domain_verified",
            details: { domain: row.domain },
          });
          return updated;
        })
        .catch((error: unknown) => {
          // Two teams verifying the same domain at once: the partial unique index keeps one.
          if (isUniqueViolation(error)) throw new AppError("conflict", SSO_ERRORS.domainTaken);
          throw error;
        });
      if (!verified) throw new AppError("not_found", SSO_ERRORS.domainNotFound);
      return presentDomain(verified);
    },

    async remove(userId: string, teamId: string, domainId: string): Promise<void> {
      await access.team(userId, teamId, "team.manageSettings");
      const row = await selectTeamDomain(db, teamId, domainId);
      if (!row) throw new AppError("not_found", SSO_ERRORS.domainNotFound);
      await db.transaction().execute(async (trx) => {
        await deleteTeamDomain(trx, teamId, domainId);
        if (row.verified_at !== null) {
          await recordActivity(trx, {
            teamId,
            projectId: null,
            userId,
            kind: "sso.changed",
            details: { change: "domain_removed", domain: row.domain },
          });
        }
      });
    },
  };
}

export type DomainService = ReturnType<typeof createDomainService>;
