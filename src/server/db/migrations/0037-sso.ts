import { type Kysely, sql } from "kysely";

/**
 * Single sign-on per team (issue 38).
 * - A team proves it owns a domain with a DNS TXT record; a domain is verified by one team at most
 *   (the partial unique index), and only a verified domain ever sends a sign-in to an identity
 *   provider.
 * - A team's SSO settings: its provider (OIDC now; the client secret is encrypted with a key derived
 *   from AUTH_SECRET), whether e-mail codes are refused to members at its domains (enforced), the role
 *   a first sign-in joins with, and roles by the provider's groups.
 * - A sign-in under way at the provider: its state, PKCE verifier and nonce, used once, for minutes.
 * - Who joined a team through its provider: someone removed since is not joined again by their next
 *   sign-in (only an invite brings them back), or removing a member would last until they signed in.
 */
const statements = [
  `create table team_domains (
    id uuid primary key default gen_random_uuid(),
    team_id text not null references teams(id) on delete cascade,
    domain text not null,
    token text not null,
    verified_at timestamptz,
    created_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    unique (team_id, domain)
  )`,
  "create unique index team_domains_verified on team_domains (domain) where verified_at is not null",
  `create table team_sso (
    team_id text primary key references teams(id) on delete cascade,
    protocol text not null check (protocol in ('oidc', 'saml')),
    enabled boolean not null default true,
    enforced boolean not null default false,
    default_role text not null default 'reviewer' check (default_role in ('admin', 'reviewer')),
    groups_claim text not null default 'groups',
    role_mappings jsonb not null default '[]',
    oidc_issuer text,
    oidc_client_id text,
    oidc_client_secret text,
    updated_by text references users(id) on delete set null,
    updated_at timestamptz not null default now()
  )`,
  `create table sso_sign_ins (
    state text primary key,
    team_id text not null references teams(id) on delete cascade,
    email text not null,
    code_verifier text not null,
    nonce text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  "create index sso_sign_ins_expires on sso_sign_ins (expires_at)",
  `create table sso_joins (
    team_id text not null references teams(id) on delete cascade,
    user_id text not null references users(id) on delete cascade,
    joined_at timestamptz not null default now(),
    primary key (team_id, user_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
