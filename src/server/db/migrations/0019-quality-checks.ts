import { type Kysely, sql } from "kysely";

/**
 * Quality checks stored per string (issue 21): `checks` holds the ids of the checks the string fails
 * (src/shared/quality), written with the string itself by every save, import and AI write, so the
 * Overview filters and counts them with an index instead of running the checks on each request.
 * All failing checks are stored; a project's `disabled_checks` hide some when read, so turning a
 * check back on needs no recomputation.
 *
 * `checks_version` says which version of the checks a project's strings were computed with: the rows
 * that exist when this migration runs are 0 (never checked), and the server rechecks such projects in
 * the background (quality/recheck.ts); new projects are made current.
 */
const statements = [
  `alter table translation_strings add column checks text[] not null default '{}'`,
  `create index translation_strings_checks_idx on translation_strings(project_id, language_code)
    where checks <> '{}'`,
  `alter table projects add column disabled_checks text[] not null default '{}'`,
  `alter table projects add column checks_version integer not null default 0`,
  `alter table projects alter column checks_version set default 1`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
