import { type Kysely, sql } from "kysely";

/**
 * SAML 2.0 as a team's other kind of identity provider (issue 38).
 * - `team_sso`: the IdP's metadata as the owner gave it (pasted, or read from its URL), and what
 *   Sprog read from it: the IdP's entity ID, where AuthnRequests go, its signing certificates.
 * - `sso_sign_ins`: a SAML sign-in has no PKCE verifier nor nonce; it keeps the ID of the
 *   AuthnRequest it sent (the response must answer that request, once), and the identity the ACS
 *   checked until the browser that started it comes to the finish page.
 * - `sso_seen_assertions`: assertion IDs already taken, until they would have expired anyway, so
 *   the same assertion never signs anyone in twice.
 */
const statements = [
  "alter table team_sso add column saml_metadata_xml text",
  "alter table team_sso add column saml_metadata_url text",
  "alter table team_sso add column saml_idp_entity_id text",
  "alter table team_sso add column saml_sso_url text",
  "alter table team_sso add column saml_idp_certificates text[]",
  "alter table sso_sign_ins alter column code_verifier drop not null",
  "alter table sso_sign_ins alter column nonce drop not null",
  "alter table sso_sign_ins add column request_id text",
  "alter table sso_sign_ins add column identity jsonb",
  `create table sso_seen_assertions (
    team_id text not null references teams(id) on delete cascade,
    assertion_id text not null,
    expires_at timestamptz not null,
    primary key (team_id, assertion_id)
  )`,
  "create index sso_seen_assertions_expires on sso_seen_assertions (expires_at)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
