import { type Kysely, sql, type Transaction } from "kysely";
import type { RoleMapping } from "../../shared/schemas/sso.ts";
import type { DB } from "../db/schema.ts";

/** Reads and writes of teams' domains and single sign-on: only the SQL (the services check access). */

type Db = Kysely<DB> | Transaction<DB>;

export interface DomainRow {
  id: string;
  team_id: string;
  domain: string;
  token: string;
  verified_at: Date | string | null;
}

const domainColumns = ["id", "team_id", "domain", "token", "verified_at"] as const;

export function selectTeamDomains(db: Db, teamId: string): Promise<DomainRow[]> {
  return db
    .selectFrom("team_domains")
    .select(domainColumns)
    .where("team_id", "=", teamId)
    .orderBy("domain")
    .execute();
}

export function selectTeamDomain(db: Db, teamId: string, id: string): Promise<DomainRow | undefined> {
  return db
    .selectFrom("team_domains")
    .select(domainColumns)
    .where("team_id", "=", teamId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export function insertTeamDomain(
  db: Db,
  row: { teamId: string; domain: string; token: string; userId: string },
): Promise<DomainRow> {
  return db
    .insertInto("team_domains")
    .values({ team_id: row.teamId, domain: row.domain, token: row.token, created_by: row.userId })
    .returning(domainColumns)
    .executeTakeFirstOrThrow();
}

export function markDomainVerified(db: Db, id: string): Promise<DomainRow | undefined> {
  return db
    .updateTable("team_domains")
    .set({ verified_at: sql<Date>`now()` })
    .where("id", "=", id)
    .returning(domainColumns)
    .executeTakeFirst();
}

export async function deleteTeamDomain(db: Db, teamId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("team_domains")
    .where("team_id", "=", teamId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Another team's verified claim on the domain, if any. */
export async function domainVerifiedByOtherTeam(db: Db, teamId: string, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom("team_domains")
    .select("id")
    .where("domain", "=", domain)
    .where("verified_at", "is not", null)
    .where("team_id", "<>", teamId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SsoRow {
  team_id: string;
  team_name: string;
  protocol: string;
  enabled: boolean;
  enforced: boolean;
  default_role: string;
  groups_claim: string;
  role_mappings: RoleMapping[];
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  oidc_client_secret: string | null;
  saml_metadata_url: string | null;
  saml_idp_entity_id: string | null;
  saml_sso_url: string | null;
  saml_idp_certificates: string[] | null;
  updated_at: Date | string;
}

function ssoQuery(db: Db) {
  return db
    .selectFrom("team_sso as s")
    .innerJoin("teams as t", "t.id", "s.team_id")
    .select([
      "s.team_id",
      "t.name as team_name",
      "s.protocol",
      "s.enabled",
      "s.enforced",
      "s.default_role",
      "s.groups_claim",
      sql<RoleMapping[]>`s.role_mappings`.as("role_mappings"),
      "s.oidc_issuer",
      "s.oidc_client_id",
      "s.oidc_client_secret",
      "s.saml_metadata_url",
      "s.saml_idp_entity_id",
      "s.saml_sso_url",
      "s.saml_idp_certificates",
      "s.updated_at",
    ]);
}

export function selectTeamSso(db: Db, teamId: string): Promise<SsoRow | undefined> {
  return ssoQuery(db).where("s.team_id", "=", teamId).executeTakeFirst();
}

/** The single sign-on that an address's domain, verified by its team, signs in with (on or off). */
export function selectSsoForDomain(db: Db, domain: string): Promise<SsoRow | undefined> {
  return ssoQuery(db)
    .innerJoin("team_domains as d", "d.team_id", "s.team_id")
    .where("d.domain", "=", domain)
    .where("d.verified_at", "is not", null)
    .executeTakeFirst();
}

/** A SAML IdP's metadata and what was read from it. */
export interface SamlMetadataWrite {
  xml: string;
  /** Where it was read from; null when it was pasted. */
  url: string | null;
  idpEntityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** The team's provider: saving one kind forgets the other kind's values. */
export type ProviderWrite =
  | {
      protocol: "oidc";
      issuer: string;
      clientId: string;
      /** Encrypted already; undefined keeps the stored one. */
      clientSecret: string | undefined;
    }
  | {
      protocol: "saml";
      /** undefined keeps the stored metadata. */
      metadata: SamlMetadataWrite | undefined;
    };

export interface SsoWrite {
  enabled: boolean;
  enforced: boolean;
  defaultRole: string;
  groupsClaim: string;
  roleMappings: RoleMapping[];
  provider: ProviderWrite;
}

const NO_OIDC = { oidc_issuer: null, oidc_client_id: null, oidc_client_secret: null };
const NO_SAML = {
  saml_metadata_xml: null,
  saml_metadata_url: null,
  saml_idp_entity_id: null,
  saml_sso_url: null,
  saml_idp_certificates: null,
};

function providerColumns(provider: ProviderWrite) {
  if (provider.protocol === "oidc") {
    const secret = provider.clientSecret === undefined ? {} : { oidc_client_secret: provider.clientSecret };
    return { ...NO_SAML, oidc_issuer: provider.issuer, oidc_client_id: provider.clientId, ...secret };
  }
  const metadata = provider.metadata;
  if (!metadata) return NO_OIDC;
  return {
    ...NO_OIDC,
    saml_metadata_xml: metadata.xml,
    saml_metadata_url: metadata.url,
    saml_idp_entity_id: metadata.idpEntityId,
    saml_sso_url: metadata.ssoUrl,
    saml_idp_certificates: metadata.certificates,
  };
}

export async function upsertTeamSso(db: Db, teamId: string, userId: string, write: SsoWrite): Promise<void> {
  const values = {
    protocol: write.provider.protocol,
    enabled: write.enabled,
    enforced: write.enforced,
    default_role: write.defaultRole,
    groups_claim: write.groupsClaim,
    role_mappings: JSON.stringify(write.roleMappings),
    updated_by: userId,
    updated_at: sql<Date>`now()`,
    ...providerColumns(write.provider),
  };
  await db
    .insertInto("team_sso")
    .values({ team_id: teamId, ...values })
    .onConflict((oc) => oc.column("team_id").doUpdateSet(values))
    .execute();
}

export async function deleteTeamSso(db: Db, teamId: string): Promise<boolean> {
  const result = await db.deleteFrom("team_sso").where("team_id", "=", teamId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface SignInRow {
  state: string;
  team_id: string;
  email: string;
  /** OIDC's PKCE verifier and nonce; null for a SAML sign-in. */
  code_verifier: string | null;
  nonce: string | null;
}

export async function insertSignIn(db: Db, row: SignInRow, ttlSeconds: number): Promise<void> {
  await db
    .insertInto("sso_sign_ins")
    .values({ ...row, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .execute();
  // Sign-ins nobody finished: gone once stale, a few at a time.
  await db.deleteFrom("sso_sign_ins").where("expires_at", "<", sql<Date>`now()`).execute();
}

/** Takes an OIDC sign-in under way: it is deleted as it is read, so a state works once. */
export async function takeOidcSignIn(
  db: Db,
  state: string,
): Promise<{ state: string; team_id: string; code_verifier: string; nonce: string } | undefined> {
  const row = await db
    .deleteFrom("sso_sign_ins")
    .where("state", "=", state)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("code_verifier", "is not", null)
    .where("nonce", "is not", null)
    .returning(["state", "team_id", "code_verifier", "nonce"])
    .executeTakeFirst();
  if (!row?.code_verifier || !row.nonce) return undefined;
  return { state: row.state, team_id: row.team_id, code_verifier: row.code_verifier, nonce: row.nonce };
}

/** The member's role in the team, if they are a member. */
export async function selectMemberRole(db: Db, teamId: string, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("members")
    .select("role")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role;
}

export async function selectUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return row?.id;
}

export async function setMemberRole(db: Db, teamId: string, userId: string, role: string): Promise<void> {
  await db
    .updateTable("members")
    .set({ role })
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .where("role", "<>", "owner")
    .execute();
}

/** Records that someone is (or became) a member through the team's provider; once is enough. */
export async function insertSsoJoin(db: Db, teamId: string, userId: string): Promise<void> {
  await db
    .insertInto("sso_joins")
    .values({ team_id: teamId, user_id: userId })
    .onConflict((oc) => oc.columns(["team_id", "user_id"]).doNothing())
    .execute();
}

export async function hasSsoJoined(db: Db, teamId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("sso_joins")
    .select("user_id")
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasPendingInvite(db: Db, teamId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("invites")
    .select("id")
    .where("team_id", "=", teamId)
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row !== undefined;
}
