import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  sql,
  type Transaction,
  type Updateable,
} from "kysely";
import type { DB, ProjectsTable } from "../db/schema.ts";

/** Reads and writes of projects: no rules here (the service checks access first), only the queries. */

type Db = Kysely<DB> | Transaction<DB>;

export interface CompletionRow {
  code: string;
  total: number;
  translated: number;
  missing: number;
}

export async function selectTeamProjects(db: Db, teamId: string) {
  return db.selectFrom("projects").selectAll().where("team_id", "=", teamId).execute();
}

export async function insertProject(db: Db, values: Insertable<ProjectsTable>) {
  return db.insertInto("projects").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Every change of a project is a change of its `updated_at` too. */
export async function updateProject(
  db: Db,
  projectId: string,
  changes: Pick<Updateable<ProjectsTable>, "name" | "placeholder_format" | "languages">,
) {
  return db
    .updateTable("projects")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", projectId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteProject(db: Db, projectId: string) {
  await db.deleteFrom("projects").where("id", "=", projectId).execute();
}

/**
 * Per language, the counted keys (translatable, not JSON), those translated, and those missing: a
 * missing source text, or a translation missing where the source text is there.
 */
export async function selectCompletion(db: Db, projectId: string, source: string, languages: string[]) {
  // Every count reaches rows through an index from the key (or the project): with no table
  // statistics (PGlite never analyzes), a plan that joined a CTE of all keys to every string
  // by scanning it again per string took 80 s for 20,000 keys.
  const counted = sql`k.project_id = ${projectId} and k.translatable and k.value_type is null`;
  const filled = (language: RawBuilder<unknown>) => sql`exists (
        select 1 from translation_strings f
        where f.key_id = k.id and f.language_code = ${language} and f.value <> '')`;
  const result = await sql<CompletionRow>`
        select
          langs.code,
          (select count(*) from translation_keys k where ${counted})::int as total,
          (select count(*) from translation_keys k where ${counted} and ${filled(sql`langs.code`)})::int
            as translated,
          (select count(*) from translation_keys k
            where ${counted}
              and (case when langs.code = ${source}
                then not ${filled(sql`${source}::text`)}
                else ${filled(sql`${source}::text`)} and not ${filled(sql`langs.code`)} end))::int as missing
        from unnest(${languages}::text[]) as langs(code)
      `.execute(db);
  return result.rows;
}
