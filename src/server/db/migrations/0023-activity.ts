import { type Kysely, sql } from "kysely";

/**
 * The activity feed (issue 22): one row per change that matters, written in the transaction of the
 * change (src/server/activity/record.ts). A person's string edits in one project and minute are one
 * row (`minute` set, `count` summed), which the partial unique index lets an upsert find. Keys are
 * kept by id and by name side by side, so an entry about a key deleted since still reads. A deleted
 * user leaves their entries, unnamed; a deleted project or team takes its entries along.
 */
const statements = [
  `create table activity (
    id bigserial primary key,
    team_id text not null references teams(id) on delete cascade,
    project_id uuid references projects(id) on delete cascade,
    user_id text references users(id) on delete set null,
    kind text not null,
    created_at timestamptz not null default now(),
    minute timestamptz,
    count integer not null default 0,
    key_ids uuid[] not null default '{}',
    key_names text[] not null default '{}',
    languages text[] not null default '{}',
    details jsonb not null default '{}'
  )`,
  // The feed of a team, newest first, paged by (created_at, id).
  `create index activity_team_idx on activity(team_id, created_at desc, id desc)`,
  // The feed filtered to one project.
  `create index activity_project_idx on activity(project_id, created_at desc, id desc)`,
  // One entry per person, project and minute of string edits (the upsert's conflict target).
  `create unique index activity_string_minute_idx on activity(project_id, user_id, minute)
    where kind = 'strings.edited'`,
  // The daily retention sweep deletes by age across teams.
  `create index activity_created_idx on activity(created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
