import type { Kysely } from "kysely";
import { z } from "zod";
import {
  emailDomain,
  type RoleMapping,
  SSO_SIGN_IN_ERRORS,
  type SsoProtocol,
  type SsoSignInErrorCode,
} from "../../shared/schemas/sso.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  hasPendingInvite,
  hasSsoJoined,
  type SsoRow,
  selectMemberRole,
  selectTeamDomains,
  selectUserIdByEmail,
} from "./queries.ts";

/**
 * What a sign-in through a team's identity provider is held to, whichever the protocol (OpenID
 * Connect or SAML 2.0): how long it may take, the cookie that ties it to the browser that started
 * it, and the rules the provider's answer must meet before anyone is signed in.
 */

/** How long a person has at their provider before the sign-in must start again. */
export const SSO_SIGN_IN_TTL_SECONDS = 10 * 60;
/** The cookie that ties a sign-in under way to the browser that started it (its state). */
export const SSO_STATE_COOKIE = "sprog_sso_state";
/** The cookie's path: both protocols' pages that finish a sign-in are under it. */
export const SSO_COOKIE_PATH = "/sso";

/** A refused sign-in: its code is what the sign-in page is told (never free text: see SSO_SIGN_IN_ERRORS). */
export class SsoSignInError extends AppError {
  constructor(readonly reason: SsoSignInErrorCode) {
    super("unauthorized", SSO_SIGN_IN_ERRORS[reason]);
  }
}

export const failed = (reason: SsoSignInErrorCode = "failed") => new SsoSignInError(reason);

const ssoRole = z.enum(["admin", "reviewer"]);

/** Who the team's provider vouched for, checked against the team's verified domains. */
export const ssoIdentitySchema = z.object({
  teamId: z.string(),
  protocol: z.enum(["oidc", "saml"]),
  email: z.string(),
  name: z.string(),
  /** The role the provider's groups give, if a mapping names one of them. */
  mappedRole: ssoRole.optional(),
  defaultRole: ssoRole,
});
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;

/** The strongest role any of the person's groups maps to (admin over reviewer). */
export function roleFromGroups(mappings: readonly RoleMapping[], groups: readonly string[]) {
  const roles = new Set(mappings.filter((mapping) => groups.includes(mapping.group)).map((m) => m.role));
  if (roles.has("admin")) return "admin" as const;
  if (roles.has("reviewer")) return "reviewer" as const;
  return undefined;
}

/**
 * The provider's answer, already checked by the protocol's library, held to the team's rules: the
 * address must be at one of the team's verified domains (a provider can assert any address, and
 * only the team's own domains are the team's to vouch for); the groups give the role.
 */
export async function identityFor(
  db: Kysely<DB>,
  sso: SsoRow,
  protocol: SsoProtocol,
  person: { email: string; name: string; groups: readonly string[] },
): Promise<SsoIdentity> {
  const email = person.email.trim().toLowerCase();
  const domains = await selectTeamDomains(db, sso.team_id);
  const domain = emailDomain(email);
  if (!domains.some((row) => row.domain === domain && row.verified_at !== null)) {
    throw failed("other_domain");
  }
  // Someone who joined through the provider and was removed since stays out until invited again.
  const userId = await selectUserIdByEmail(db, email);
  if (
    userId !== undefined &&
    (await selectMemberRole(db, sso.team_id, userId)) === undefined &&
    (await hasSsoJoined(db, sso.team_id, userId)) &&
    !(await hasPendingInvite(db, sso.team_id, email))
  ) {
    throw failed("removed");
  }
  return {
    teamId: sso.team_id,
    protocol,
    email,
    name: person.name,
    mappedRole: roleFromGroups(sso.role_mappings, person.groups),
    defaultRole: sso.default_role === "admin" ? "admin" : "reviewer",
  };
}
