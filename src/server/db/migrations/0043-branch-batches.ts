import { type Kysely, sql } from "kysely";

/**
 * AI batch translation on a branch (issue 39). A job names the branch it translates (null: main);
 * its chunks run on that branch, and deleting the branch for good takes its jobs with it. Main and
 * each branch may run one job per language at once: the unique index of running jobs counts main
 * as one more branch (a null would never collide with another null).
 */
const statements = [
  "alter table batch_translation_jobs add column branch_id uuid references branches(id) on delete cascade",
  "drop index batch_translation_jobs_one_active_idx",
  `create unique index batch_translation_jobs_one_active_idx on batch_translation_jobs
    (project_id, target_language, coalesce(branch_id, '00000000-0000-0000-0000-000000000000'::uuid))
    where status in ('pending', 'processing')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
