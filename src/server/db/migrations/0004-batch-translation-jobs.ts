import { type Kysely, sql } from "kysely";

/**
 * Batch translation per language (spec point 3 BatchTranslationJobs, DESIGN.md §6). The job row is
 * what users see; one item row per key records its outcome, so a chunk that runs again after a
 * crash skips the keys it already wrote (each key is written once). The work itself is queued in
 * pg-boss, one job per chunk.
 */
const statements = [
  `create table batch_translation_jobs (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    source_language text not null,
    target_language text not null,
    status text not null default 'pending'
      check (status in ('pending', 'processing', 'completed', 'failed', 'cancelled')),
    progress_percentage integer not null default 0,
    completed_items integer not null default 0,
    failed_items integer not null default 0,
    skipped_items integer not null default 0,
    total_items integer not null,
    chunk_count integer not null,
    error_message text,
    model text not null,
    created_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index batch_translation_jobs_project_idx on batch_translation_jobs(project_id, status)`,
  // One running job per language: a second start is refused rather than racing the first.
  `create unique index batch_translation_jobs_one_active_idx on batch_translation_jobs(project_id, target_language)
    where status in ('pending', 'processing')`,
  `create table batch_translation_items (
    job_id uuid not null references batch_translation_jobs(id) on delete cascade,
    key_id uuid not null references translation_keys(id) on delete cascade,
    chunk integer not null,
    status text not null default 'pending' check (status in ('pending', 'done', 'failed', 'skipped')),
    error text,
    primary key (job_id, key_id)
  )`,
  `create index batch_translation_items_chunk_idx on batch_translation_items(job_id, chunk)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
