import type { Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { DB, TeamsTable, ToneSectionsTable } from "../db/schema.ts";

/** Reads and writes of a team's tone: no rules here (the service checks access first), only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

export type SectionRow = Selectable<ToneSectionsTable>;
export type ToneSettingsRow = Pick<Selectable<TeamsTable>, "tov_product_context" | "tov_tone">;

export function selectSection(db: Db, sectionId: string) {
  return db.selectFrom("tone_sections").selectAll().where("id", "=", sectionId).executeTakeFirst();
}

export function selectTeamTone(db: Db, teamId: string): Promise<ToneSettingsRow> {
  return db
    .selectFrom("teams")
    .select(["tov_product_context", "tov_tone"])
    .where("id", "=", teamId)
    .executeTakeFirstOrThrow();
}

/** Only the columns given change. */
export function updateTeamTone(
  db: Db,
  teamId: string,
  changes: Pick<Updateable<TeamsTable>, "tov_product_context" | "tov_tone">,
): Promise<ToneSettingsRow> {
  return db
    .updateTable("teams")
    .set(changes)
    .where("id", "=", teamId)
    .returning(["tov_product_context", "tov_tone"])
    .executeTakeFirstOrThrow();
}

/** The team's sections in the order the Tone screen shows them. */
export function selectSections(db: Db, teamId: string) {
  return db
    .selectFrom("tone_sections")
    .selectAll()
    .where("team_id", "=", teamId)
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The position after the team's last section: 0 for its first. */
export async function selectNextPosition(db: Db, teamId: string): Promise<number> {
  const last = await db
    .selectFrom("tone_sections")
    .select((eb) => eb.fn.max("position").as("position"))
    .where("team_id", "=", teamId)
    .executeTakeFirst();
  return last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
}

export function insertSection(db: Db, values: Insertable<ToneSectionsTable>) {
  return db.insertInto("tone_sections").values(values).returningAll().executeTakeFirstOrThrow();
}

/** The section as changed; undefined when it is gone. */
export function updateSectionRow(db: Db, sectionId: string, changes: Updateable<ToneSectionsTable>) {
  return db
    .updateTable("tone_sections")
    .set(changes)
    .where("id", "=", sectionId)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the section was there to delete (a concurrent delete may have come first). */
export async function deleteSection(db: Db, sectionId: string): Promise<boolean> {
  const result = await db.deleteFrom("tone_sections").where("id", "=", sectionId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
