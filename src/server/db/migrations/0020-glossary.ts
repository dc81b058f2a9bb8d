import { type Kysely, sql } from "kysely";

/**
 * A team's glossary (issue 21): terms shared by all of the team's projects. A term is unique in its
 * team whatever its case ("Sign in" and "sign in" are one term), so the CSV import can upsert by it.
 *
 * The translations are a jsonb object (language code → text) on the term's row rather than a table
 * of their own: a term is always read and written whole (the editor's underlines, the quality checks
 * and the AI prompts all take every translation of the terms they find), so one row per term keeps
 * loading a team's few thousand terms to one plain select, and an import merges a file's languages
 * into a term's with `||` in the same upsert, without a second statement per language.
 */
const statements = [
  `create table glossary_terms (
    id uuid primary key default gen_random_uuid(),
    team_id text not null references teams(id) on delete cascade,
    term text not null check (length(trim(term)) > 0),
    description text not null default '',
    part_of_speech text check (part_of_speech in ('noun', 'verb', 'adjective', 'adverb', 'proper noun', 'other')),
    case_sensitive boolean not null default false,
    forbidden boolean not null default false,
    do_not_translate boolean not null default false,
    translations jsonb not null default '{}'::jsonb check (jsonb_typeof(translations) = 'object'),
    created_by text references users(id) on delete set null,
    updated_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index glossary_terms_team_term_idx on glossary_terms(team_id, lower(term))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
