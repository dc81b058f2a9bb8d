import { type Kysely, sql } from "kysely";

/**
 * Strings a machine wrote and no person has checked yet (issue 19): `machine` is 'ai' for a real AI
 * provider's batch output and 'pseudo' for the built-in pseudo-localization; a person's save or an
 * approval of that version sets it back to null. The Overview marks such cells, filters them, and a
 * language with pseudo strings is never complete.
 *
 * The partial index keeps the counts and filters of these cells cheap: they are few in a checked
 * project, and a project whose batch just wrote 50,000 of them reads only its own entries.
 */
const statements = [
  `alter table translation_strings add column machine text
    check (machine in ('ai', 'pseudo'))`,
  `create index translation_strings_machine_idx on translation_strings(project_id, language_code, machine)
    where machine is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
