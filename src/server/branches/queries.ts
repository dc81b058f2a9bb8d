import { type Kysely, sql, type Transaction } from "kysely";
import { BRANCH_CHAIN } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/** Reads and writes of branches and their own rows: only the SQL (the service checks access first). */

type Db = Kysely<DB> | Transaction<DB>;

export interface BranchRow {
  id: string;
  project_id: string;
  name: string;
  base_id: string | null;
  base_name: string | null;
  protected: boolean;
  created_by_name: string | null;
  created_at: Date | string;
  merged_at: Date | string | null;
  merges: number;
  archived_at: Date | string | null;
  keys_added: number;
  keys_changed: number;
  keys_deleted: number;
  strings: number;
}

function branchColumns(db: Db) {
  return db
    .selectFrom("branches as b")
    .leftJoin("branches as base", "base.id", "b.base_id")
    .leftJoin("users as u", "u.id", "b.created_by")
    .leftJoin("profiles as p", "p.user_id", "b.created_by")
    .select([
      "b.id",
      "b.project_id",
      "b.name",
      "b.base_id",
      "base.name as base_name",
      "b.protected",
      displayName("u", "p").as("created_by_name"),
      "b.created_at",
      "b.merged_at",
      "b.merges",
      "b.archived_at",
      // What the branch holds of its own: counted from its rows (few, and indexed by branch).
      sql<number>`(select count(*)::int from branch_keys k where k.branch_id = b.id and not k.deleted and k.base_key is null)`.as(
        "keys_added",
      ),
      sql<number>`(select count(*)::int from branch_keys k where k.branch_id = b.id and not k.deleted and k.base_key is not null)`.as(
        "keys_changed",
      ),
      sql<number>`(select count(*)::int from branch_keys k where k.branch_id = b.id and k.deleted and k.base_key is not null)`.as(
        "keys_deleted",
      ),
      sql<number>`(select count(*)::int from branch_strings s where s.branch_id = b.id
        and (not s.based or s.deleted or s.value is distinct from s.base_value))`.as("strings"),
    ]);
}

/** The project's branches, live ones by name, then archived ones newest first. */
export function selectBranches(db: Db, projectId: string): Promise<BranchRow[]> {
  return branchColumns(db)
    .where("b.project_id", "=", projectId)
    .orderBy(sql`b.archived_at is not null`)
    .orderBy(sql`b.archived_at desc`)
    .orderBy("b.name")
    .execute();
}

export function selectBranch(db: Db, id: string): Promise<BranchRow | undefined> {
  return branchColumns(db).where("b.id", "=", id).executeTakeFirst();
}

/** The ids of the project's live (not deleted) branches. */
export async function selectLiveBranchIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("branches")
    .select("id")
    .where("project_id", "=", projectId)
    .where("archived_at", "is", null)
    .execute();
  return rows.map((row) => row.id);
}

/** A live branch of the project by name. */
export function selectBranchByName(db: Db, projectId: string, name: string): Promise<BranchRow | undefined> {
  return branchColumns(db)
    .where("b.project_id", "=", projectId)
    .where("b.name", "=", name)
    .where("b.archived_at", "is", null)
    .executeTakeFirst();
}

/**
 * What a request on a branch needs of it, with its chain (the branch and the branches it came
 * from, nearest first), in one statement: every request of the app on a branch asks first, so none
 * of the counts of {@link selectBranch} (a scan of the branch's rows) are read for it.
 */
export async function selectBranchPlace(
  db: Db,
  id: string,
): Promise<
  | { id: string; project_id: string; name: string; archived_at: Date | string | null; chain: string[] }
  | undefined
> {
  const rows = await sql<{
    id: string;
    project_id: string;
    name: string;
    archived_at: Date | string | null;
    chain: string[];
  }>`
    with recursive up(id, base_id, depth) as (
      select id, base_id, 0 from branches where id = ${id}
      union all
      select b.id, b.base_id, up.depth + 1 from branches b join up on b.id = up.base_id
    )
    select b.id, b.project_id, b.name, b.archived_at, array(select up.id from up order by up.depth) as chain
    from branches b where b.id = ${id}
  `.execute(db);
  return rows.rows[0];
}

/** The branch and the branches it came from, nearest first. */
export async function selectChain(db: Db, id: string): Promise<string[]> {
  return (await selectBranchPlace(db, id))?.chain ?? [];
}

/** The new branch's id, or undefined when a live branch of the project has the name. */
export async function insertBranch(
  db: Db,
  values: { projectId: string; name: string; baseId: string | null; userId: string | null },
): Promise<string | undefined> {
  const inserted = await sql<{ id: string }>`
    insert into branches (project_id, name, base_id, created_by)
    values (${values.projectId}, ${values.name}, ${values.baseId}, ${values.userId})
    on conflict (project_id, name) where archived_at is null do nothing
    returning id
  `.execute(db);
  return inserted.rows[0]?.id;
}

export async function updateBranchProtection(db: Db, id: string, protect: boolean): Promise<void> {
  await db
    .updateTable("branches")
    .set({ protected: protect, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}

export async function archiveBranch(db: Db, id: string, userId: string | null): Promise<void> {
  await db
    .updateTable("branches")
    .set({ archived_at: new Date(), archived_by: userId, updated_at: new Date() })
    .where("id", "=", id)
    .where("archived_at", "is", null)
    .execute();
}

/** Live branches that came from this one (an archived branch keeps its children working). */
export async function countLiveChildren(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom("branches")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("base_id", "=", id)
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setBranchSettings(
  db: Db,
  projectId: string,
  settings: { main_protected?: boolean; merge_requires_review?: boolean },
): Promise<void> {
  await db.updateTable("projects").set(settings).where("id", "=", projectId).execute();
}

export interface ReviewCoverRow {
  key_id: string;
  /** A completed review of the branch holds the key. */
  reviewed: boolean;
  /** One was completed after the key last changed on the branch. */
  fresh: boolean;
}

/** Of the keys a merge changes, which completed reviews of the branch cover (main's tables). */
export async function selectReviewCover(db: Db, branchId: string, keyIds: readonly string[]) {
  const result = await sql<ReviewCoverRow>`
    with changed as (
      select id as key_id, updated_at from branch_keys
      where branch_id = ${branchId} and id = any(${keyIds}::uuid[])
      union all
      select key_id, updated_at from branch_strings
      where branch_id = ${branchId} and key_id = any(${keyIds}::uuid[])
    ), last as (
      select key_id, max(updated_at) as at from changed group by key_id
    )
    select k.key_id,
      count(r.id) > 0 as reviewed,
      coalesce(bool_or(r.completed_at >= coalesce(l.at, '-infinity')), false) as fresh
    from unnest(${keyIds}::uuid[]) as k(key_id)
    left join last l on l.key_id = k.key_id
    left join review_keys rk on rk.key_id = k.key_id
    left join reviews r on r.id = rk.review_id and r.branch_id = ${branchId} and r.status = 'completed'
    group by k.key_id, l.at
  `.execute(db);
  return result.rows;
}

/** Serializes merges of one branch (and work that must not run beside one). */
export async function lockBranch(trx: Transaction<DB>, id: string): Promise<void> {
  await trx.selectFrom("branches").select("id").where("id", "=", id).forUpdate().execute();
}

export async function markMerged(trx: Transaction<DB>, id: string, userId: string | null): Promise<void> {
  await trx
    .updateTable("branches")
    .set({ merged_at: new Date(), merged_by: userId, merges: sql`merges + 1`, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}

export type BranchKeyRow = Awaited<ReturnType<typeof selectBranchKeys>>[number];
export type BranchStringRow = Awaited<ReturnType<typeof selectBranchStrings>>[number];

/** The branch's own key rows (added, changed, deleted there). */
export function selectBranchKeys(db: Db, branchId: string) {
  return db.selectFrom("branch_keys").selectAll().where("branch_id", "=", branchId).execute();
}

/** The branch's own string rows. */
export function selectBranchStrings(db: Db, branchId: string) {
  return db
    .selectFrom("branch_strings")
    .select([
      "key_id",
      "language_code",
      "value",
      "version",
      "machine",
      "state",
      "deleted",
      "based",
      "base_value",
      "base_version",
    ])
    .where("branch_id", "=", branchId)
    .execute();
}

/** Keys as the reader's scope has them (main's tables, or a branch's views), with their metadata. */
export async function selectKeyMeta(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await sql<{
    id: string;
    key: string;
    namespace: string;
    description: string | null;
    context: string | null;
    tags: string[];
    max_length: number | null;
    translatable: boolean;
    value_type: string | null;
  }>`
    select id, key, namespace, description, context, tags, max_length, translatable, value_type
    from translation_keys where id = any(${[...ids]}::uuid[])
  `.execute(db);
  return rows.rows;
}

/** Keys of these names in the project, as the reader's scope has them. */
export async function selectKeysNamed(db: Db, projectId: string, names: readonly string[]) {
  if (names.length === 0) return [];
  const rows = await sql<{ id: string; key: string }>`
    select id, key from translation_keys where project_id = ${projectId} and key = any(${[...names]}::text[])
  `.execute(db);
  return rows.rows;
}

/** Strings of these keys as the reader's scope has them. */
export async function selectStringsOf(db: Db, keyIds: readonly string[]) {
  if (keyIds.length === 0) return [];
  const rows = await sql<{ key_id: string; language_code: string; value: string; version: number }>`
    select key_id, language_code, value, version from translation_strings where key_id = any(${[...keyIds]}::uuid[])
  `.execute(db);
  return rows.rows;
}

/** The ids among these that the branch changed (for the Overview's marks). */
export async function selectChangedOnBranch(db: Db, branchId: string, keyIds: readonly string[]) {
  if (keyIds.length === 0) return [];
  const rows = await sql<{ id: string; added: boolean }>`
    select id, base_key is null as added from branch_keys where branch_id = ${branchId} and id = any(${[...keyIds]}::uuid[])
    union
    select key_id, false from branch_strings
    where branch_id = ${branchId} and key_id = any(${[...keyIds]}::uuid[])
      and (not based or deleted or value is distinct from base_value)
  `.execute(db);
  return rows.rows;
}

export function selectProjectRow(db: Db, id: string) {
  return db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The keys the branch being read (and its ancestors) has rows of: where it differs from main. */
export async function selectTouchedKeyIds(db: Db): Promise<string[]> {
  const touched = await sql<{ id: string }>`
    select id from branch_keys where branch_id = any(${BRANCH_CHAIN})
    union
    select key_id from branch_strings where branch_id = any(${BRANCH_CHAIN})
  `.execute(db);
  return touched.rows.map((row) => row.id);
}
