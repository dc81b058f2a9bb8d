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
