import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/** The project an API key belongs to, as the status answer names it. */
export function selectKeyProject(db: Kysely<DB>, projectId: string) {
  return db
    .selectFrom("projects")
    .select(["id", "name", "source_language", "languages"])
    .where("id", "=", projectId)
    .executeTakeFirst();
}

/**
 * Per language, the texts whose newest current review verdict is an approval, among the keys
 * completion counts (translatable plain text). A verdict is current while the string it judged is
 * the one stored, the rule of the Overview's approval filter (keys/filters.ts). One statement.
 */
export async function selectApproved(db: Kysely<DB>, projectId: string): Promise<Map<string, number>> {
  const result = await sql<{ language_code: string; approved: number }>`
    select language_code, count(*) filter (where state = 'approved')::int as approved
    from (
      select distinct on (a.key_id, a.language_code) a.language_code, a.state
      from reviews r
      join review_approvals a on a.review_id = r.id
      join translation_keys k on k.id = a.key_id
      left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
      where r.project_id = ${projectId} and k.translatable and k.value_type is null
        and a.string_version = coalesce(s.version, 0)
        and (s.updated_at is null or s.updated_at <= a.updated_at)
      order by a.key_id, a.language_code, a.updated_at desc, a.review_id
    ) v
    group by language_code
  `.execute(db);
  return new Map(result.rows.map((row) => [row.language_code, Number(row.approved)]));
}

/** One page of the project's key names in name order, after `after` (keyset on project and name). */
export async function selectKeyNamesPage(
  db: Kysely<DB>,
  projectId: string,
  after: string | undefined,
  limit: number,
): Promise<string[]> {
  let query = db
    .selectFrom("translation_keys")
    .select("key")
    .where("project_id", "=", projectId)
    .orderBy("key")
    .limit(limit);
  if (after !== undefined) query = query.where("key", ">", after);
  return (await query.execute()).map((row) => row.key);
}

/** The project as a pull reads it (every column), or undefined when it was deleted. */
export function selectProject(db: Kysely<DB>, projectId: string) {
  return db.selectFrom("projects").selectAll().where("id", "=", projectId).executeTakeFirst();
}

/**
 * What changes whenever the pulled files of `languages` can: the project's keys, those languages'
 * strings and its file templates (count, newest change in microseconds, versions). One statement.
 */
export async function selectPullState(db: Kysely<DB>, projectId: string, languages: string[]) {
  const result = await sql<{ state: string }>`
      with k as (
        select count(*) as n, max(updated_at) as changed from translation_keys where project_id = ${projectId}
      ), s as (
        select count(*) as n, max(updated_at) as changed, coalesce(sum(version), 0) as versions
        from translation_strings
        where project_id = ${projectId}
          and language_code = any(${languages}::text[])
      ), t as (
        select count(*) as n, max(uploaded_at) as changed from file_templates where project_id = ${projectId}
      )
      select concat_ws(':',
        k.n, coalesce((extract(epoch from k.changed) * 1000000)::bigint, 0),
        s.n, coalesce((extract(epoch from s.changed) * 1000000)::bigint, 0), s.versions,
        t.n, coalesce((extract(epoch from t.changed) * 1000000)::bigint, 0)
      ) as state
      from k, s, t
  `.execute(db);
  return result.rows[0]?.state;
}
