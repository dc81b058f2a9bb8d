import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/** The key's project (every column), or undefined when it was deleted. */
export function selectProject(db: Kysely<DB>, projectId: string) {
  return db.selectFrom("projects").selectAll().where("id", "=", projectId).executeTakeFirst();
}

/** The project's languages after a push added some. */
export async function updateProjectLanguages(trx: Transaction<DB>, projectId: string, languages: string[]) {
  await trx
    .updateTable("projects")
    .set({ languages, updated_at: sql`now()` })
    .where("id", "=", projectId)
    .execute();
}

/**
 * How many of `keys` have no text in `language` yet (none, an empty one, or pseudo-localization).
 */
export async function countUnfilled(
  trx: Transaction<DB>,
  projectId: string,
  language: string,
  keys: readonly string[],
): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*) as n from unnest(${keys}::text[]) as t(k)
    where not exists (
      select 1 from translation_keys tk
      join translation_strings s on s.key_id = tk.id and s.language_code = ${language}
      where tk.project_id = ${projectId} and tk.key = t.k
        and s.value <> '' and s.machine is distinct from 'pseudo'
    )
  `.execute(trx);
  return Number(result.rows[0]?.n ?? 0);
}

/** `tags` added to the keys' tags, each once, in order. */
export async function addTags(trx: Transaction<DB>, keyIds: readonly string[], tags: readonly string[]) {
  if (keyIds.length === 0) return;
  await sql`
    update translation_keys set
      tags = (select array_agg(distinct x order by x) from unnest(tags || ${tags}::text[]) as x),
      updated_at = now()
    where id = any(${keyIds}::uuid[])
  `.execute(trx);
}

/**
 * The keys of `namespace` whose names are not in `names` are deleted, with their strings: an
 * anti-join against the names (hashed once), where `not (key = any(…))` would compare every key
 * with every name. Answers how many went.
 */
export async function deleteNamespaceKeysNotIn(
  trx: Transaction<DB>,
  projectId: string,
  namespace: string,
  names: readonly string[],
): Promise<number> {
  const deleted = await sql<{ n: number }>`
    with gone as (
      delete from translation_keys tk
      where tk.project_id = ${projectId} and tk.namespace = ${namespace}
        and not exists (select 1 from unnest(${names}::text[]) as t(k) where t.k = tk.key)
      returning 1
    )
    select count(*)::int as n from gone
  `.execute(trx);
  return Number(deleted.rows[0]?.n ?? 0);
}
