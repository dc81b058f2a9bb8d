import {
  type Kysely,
  type RawBuilder,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from "kysely";
import { BRANCH_CHAIN, currentBranch } from "../db/branch-scope.ts";
import type { MachineColumn } from "../db/column-types.ts";
import type { DB, TranslationKeysTable } from "../db/schema.ts";
import { isoText } from "../db/sql.ts";

/** Reads and writes of keys: no rules here (the service checks access first), only the queries. */

export type Db = Kysely<DB> | Transaction<DB>;

/** Which keys a list reads: one key, a page after a key name, and/or those a condition keeps. */
export interface KeyFilter {
  keyId?: string;
  after?: string;
  limit?: number;
  /** A condition on `translation_keys` (a search, `search.ts`). */
  match?: RawBuilder<unknown>;
}

/** One condition that holds where all of `conditions` do (none: undefined). */
export function allOf(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> | undefined {
  return conditions.length === 0 ? undefined : sql.join(conditions, sql` and `);
}

/** The metadata columns of `translation_keys` as a query returns them. */
export interface KeyMetaColumns {
  description: string | null;
  context: string | null;
  tags: string[] | null;
  max_length: number | null;
  translatable: boolean;
  value_type: string | null;
  namespace: string;
}

/** A key with one of its strings: a key without strings in the languages asked for has one row of nulls. */
export interface ListedRow extends KeyMetaColumns {
  id: string;
  key: string;
  created_at: Date | string;
  language_code: string | null;
  value: string | null;
  version: number | null;
  updated_at: Date | string | null;
  machine: MachineColumn | null;
}

/** The columns a new key is given; its place in the project's order is the query's. */
export interface NewKey {
  key: string;
  description: string | null;
  tags: string[];
  max_length: number | null;
  translatable: boolean;
  namespace: string;
}

export type KeyChanges = Pick<
  Updateable<TranslationKeysTable>,
  "key" | "description" | "tags" | "max_length" | "translatable" | "namespace"
>;

/**
 * A project's keys (one, or a page after a key name) in byte order of their names, a row per
 * string in `languages`: the page is cut in a CTE first so that `limit` counts keys, not strings.
 */
export async function selectKeyRows(
  db: Db,
  projectId: string,
  languages: string[],
  filter: KeyFilter = {},
): Promise<ListedRow[]> {
  const columns = sql`id, key, created_at, description, context, tags, max_length, translatable, value_type, namespace`;
  const where = sql`project_id = ${projectId}
          ${filter.keyId ? sql`and id = ${filter.keyId}` : sql``}
          ${filter.after !== undefined ? sql`and key collate "C" > ${filter.after}` : sql``}
          ${filter.match ? sql`and ${filter.match}` : sql``}`;
  const limit = filter.limit ? sql`limit ${filter.limit}` : sql``;
  const branch = currentBranch() !== undefined;
  // On a branch (issue 39) the page is main's keys the branch has no row of, read in order from
  // main's index as without a branch, beside the branch's own keys: the view that joins the two
  // cannot be read in order, and sorted every key of the project for each page.
  const page = branch
    ? sql`select * from (
          (select ${columns} from public.translation_keys as translation_keys
            where ${where}
              and translation_keys.id not in (select b.id from branch_keys b where b.branch_id = any(${BRANCH_CHAIN}))
            order by key collate "C" ${limit})
          union all
          (select ${columns} from sprog_branch.own_keys as translation_keys
            where ${where}
            order by key collate "C" ${limit})
        ) keys
        order by key collate "C" ${limit}`
    : sql`select ${columns} from translation_keys where ${where} order by key collate "C" ${limit}`;
  // On a branch, each key's strings are looked up by the key (offset 0 keeps it a lookup): a join
  // read every string of the project through the view.
  const strings = branch
    ? sql`left join lateral (
          select * from translation_strings s
          where s.key_id = k.id and s.language_code = any(${languages}::text[])
          offset 0
        ) s on true`
    : sql`left join translation_strings s on s.key_id = k.id and s.language_code = any(${languages}::text[])`;
  const result = await sql<ListedRow>`
      with page as (${page})
      select k.id, k.key, ${isoText("k.created_at")} as created_at, k.description, k.context, k.tags,
        k.max_length, k.translatable, k.value_type, k.namespace, s.language_code, s.value, s.version,
        ${isoText("s.updated_at")} as updated_at, s.machine
      from page k
      ${strings}
      order by k.key collate "C"
    `.execute(db);
  return result.rows;
}

/** The new key's row, or undefined when the project already has a key of that name. */
export async function insertKey(trx: Transaction<DB>, projectId: string, values: NewKey) {
  if (currentBranch()) return insertKeyOnBranch(trx, projectId, values);
  return trx
    .insertInto("translation_keys")
    .values({
      project_id: projectId,
      ...values,
      position: sql<number>`(${placeOfNewKey(projectId, values.key, values.namespace)})`,
    })
    .onConflict((oc) => oc.columns(["project_id", "key"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** {@link insertKey} on a branch: its keys are a view's rows, without an index to meet a conflict on. */
async function insertKeyOnBranch(trx: Transaction<DB>, projectId: string, values: NewKey) {
  const inserted = await sql<Selectable<TranslationKeysTable>>`
    insert into translation_keys (project_id, key, description, tags, max_length, translatable, namespace, position)
    select ${projectId}::uuid, ${values.key}, ${values.description}, ${values.tags}::text[], ${values.max_length}::int,
      ${values.translatable}, ${values.namespace}, (${placeOfNewKey(projectId, values.key, values.namespace)})
    where not exists (select 1 from translation_keys where project_id = ${projectId} and key = ${values.key})
    returning *
  `.execute(trx);
  return inserted.rows[0];
}

/**
 * Where a key added by hand goes in the project's order (the files' order, issue 15): right after
 * the last key of its longest prefix group in its namespace (`home.button` after `home.subtitle`,
 * half-way to the key after that), so a file rendered on its upload gets the line there (issue 33);
 * a key of no group there goes after every key. Halving a gap fifty times over leaves no room: then
 * it shares the place, and the name orders the two.
 */
function placeOfNewKey(projectId: string, key: string, namespace: string) {
  const prefixes: string[] = [];
  for (let dot = key.lastIndexOf("."); dot > 0; dot = key.lastIndexOf(".", dot - 1)) {
    prefixes.push(key.slice(0, dot + 1));
  }
  const last = sql`(select coalesce(max(position), 0) from translation_keys where project_id = ${projectId})`;
  if (prefixes.length === 0) return sql`${last} + 1`;
  return sql`
    select coalesce(
      (select coalesce((g.after + n.next) / 2, g.after + 1)
        from (
          select (select max(k.position) from translation_keys k
              where k.project_id = ${projectId} and k.namespace = ${namespace}
                and starts_with(k.key, p.prefix)) as after, p.n
          from unnest(${prefixes}::text[]) with ordinality as p(prefix, n)
        ) g
        cross join lateral (
          select min(k.position) as next from translation_keys k
          where k.project_id = ${projectId} and k.position > g.after
        ) n
        where g.after is not null
        order by g.n
        limit 1),
      ${last} + 1)`;
}

/** Throws the database's unique violation when the new name is taken in the project. */
export async function updateKey(db: Db, keyId: string, changes: KeyChanges) {
  await db
    .updateTable("translation_keys")
    .set({ ...changes, updated_at: new Date() })
    .where("id", "=", keyId)
    .execute();
}

/** Whether the key was there to delete (a concurrent delete may have come first). */
export async function deleteKey(db: Db, keyId: string): Promise<boolean> {
  const deleted = await db.deleteFrom("translation_keys").where("id", "=", keyId).returning("id").execute();
  return deleted.length > 0;
}

/** The project's named namespaces (not ""), in order, through the partial index of migration 0030. */
export async function selectNamedNamespaces(db: Db, projectId: string): Promise<string[]> {
  const named = await db
    .selectFrom("translation_keys")
    .select("namespace")
    .distinct()
    .where("project_id", "=", projectId)
    .where("namespace", "<>", "")
    .orderBy("namespace")
    .execute();
  return named.map((row) => row.namespace);
}

/** Whether the project has a key in the default namespace (""). */
export async function hasUnnamedKey(db: Db, projectId: string): Promise<boolean> {
  const unnamed = await db
    .selectFrom("translation_keys")
    .select("id")
    .where("project_id", "=", projectId)
    .where("namespace", "=", "")
    .limit(1)
    .executeTakeFirst();
  return unnamed !== undefined;
}

/** The project's keys of these names (exactly), with what an agent's write needs of each. */
export async function selectKeysByName(db: Db, projectId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom("translation_keys")
    .select(["id", "key", "namespace"])
    .where("project_id", "=", projectId)
    .where("key", "=", sql<string>`any(${[...names]}::text[])`)
    .execute();
}

/** A condition on `translation_keys`: its description contains the text (case-insensitively). */
export function descriptionMatch(pattern: string): RawBuilder<unknown> {
  return sql`coalesce(translation_keys.description, '') ilike ${pattern}`;
}

/** A condition on `translation_keys`: the key has every one of the tags. */
export function tagsMatch(tags: readonly string[]): RawBuilder<unknown> {
  return sql`translation_keys.tags @> ${[...tags]}::text[]`;
}

/** A condition on `translation_keys`: the key is in the namespace ("": the language's one file). */
export function namespaceMatch(namespace: string): RawBuilder<unknown> {
  return sql`translation_keys.namespace = ${namespace}`;
}

/** One condition that holds where any of `conditions` does. */
export function anyOf(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`(${sql.join(conditions, sql` or `)})`;
}
