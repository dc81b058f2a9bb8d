import { type Kysely, sql } from "kysely";

/**
 * Identity (better-auth's users, sessions, accounts, codes, rate limits), profiles, teams and members.
 * better-auth talks to these through Kysely's CamelCasePlugin, so its camelCase fields land in
 * these snake_case columns.
 */
const statements = [
  `create table users (
    id text primary key,
    name text not null default '',
    email text not null unique,
    email_verified boolean not null default false,
    image text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table sessions (
    id text primary key,
    user_id text not null references users(id) on delete cascade,
    token text not null unique,
    expires_at timestamptz not null,
    ip_address text,
    user_agent text,
    active_organization_id text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index sessions_user_id_idx on sessions(user_id)`,
  `create table accounts (
    id text primary key,
    user_id text not null references users(id) on delete cascade,
    account_id text not null,
    provider_id text not null,
    access_token text,
    refresh_token text,
    id_token text,
    access_token_expires_at timestamptz,
    refresh_token_expires_at timestamptz,
    scope text,
    password text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index accounts_user_id_idx on accounts(user_id)`,
  `create table verification_codes (
    id text primary key,
    identifier text not null,
    value text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index verification_codes_identifier_idx on verification_codes(identifier)`,
  `create table rate_limits (
    id text primary key,
    key text not null unique,
    count integer not null,
    last_request bigint not null
  )`,
  `create table app_settings (
    key text primary key,
    value text not null
  )`,
  `create table profiles (
    id uuid primary key default gen_random_uuid(),
    user_id text not null unique references users(id) on delete cascade,
    email text not null,
    first_name text not null,
    last_name text not null default '',
    created_at timestamptz not null default now()
  )`,
  `create table teams (
    id text primary key,
    name text not null,
    slug text not null unique,
    logo text,
    metadata text,
    tov_product_context text,
    tov_tone text,
    created_at timestamptz not null default now()
  )`,
  `create table members (
    id text primary key,
    team_id text not null references teams(id) on delete cascade,
    user_id text not null references users(id) on delete cascade,
    role text not null default 'reviewer',
    created_at timestamptz not null default now(),
    unique (team_id, user_id)
  )`,
  `create index members_user_id_idx on members(user_id)`,
  `create table invites (
    id text primary key,
    team_id text not null references teams(id) on delete cascade,
    email text not null,
    role text,
    status text not null default 'pending',
    inviter_id text not null references users(id) on delete cascade,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index invites_team_id_idx on invites(team_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
