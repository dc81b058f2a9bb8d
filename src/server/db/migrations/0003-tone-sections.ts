import { type Kysely, sql } from "kysely";

/** A team's custom tone-of-voice sections (spec point 3, ToneSections). */
const statements = [
  `create table tone_sections (
    id uuid primary key default gen_random_uuid(),
    team_id text not null references teams(id) on delete cascade,
    title text not null default 'Untitled Section',
    description text not null default '',
    rules text[] not null default '{}',
    position integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index tone_sections_team_id_idx on tone_sections(team_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
