import { type Kysely, sql } from "kysely";

/**
 * A key added in the editor goes next to the last key of its prefix group (`home.button` after
 * `home.subtitle`), not after every key (issue 33): its file, rendered on the uploaded one, gets the
 * line where a person would have put it. A place between two keys is half-way between their
 * positions, so positions become fractional; the whole numbers they are now stay as they are.
 */
const statements = [`alter table translation_keys alter column position type double precision`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
