import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { currentBranch } from "../db/branch-scope.ts";
import type { MachineColumn } from "../db/column-types.ts";
import type { ApprovalStateColumn, DB, ReviewStatusColumn, ReviewsTable } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";
import { lockKey } from "../strings/queries.ts";

/** Reads and writes of reviews: no rules here (the service checks access first), only the queries. */

type Db = Kysely<DB> | Transaction<DB>;

export type SummaryRow = Selectable<ReviewsTable> & {
  owner_name: string | null;
  branch_name: string | null;
  key_count: number;
};

export interface KeyStringRow {
  id: string;
  key: string;
  language_code: string | null;
  value: string | null;
  version: number | null;
  updated_at: Date | string | null;
  machine: MachineColumn | null;
}

export interface ApprovalRow {
  key_id: string;
  language_code: string;
  state: ApprovalStateColumn;
  comment: string | null;
  user_id: string | null;
  /** A coding agent's name when an agent gave the verdict with a project API key (user_id null). */
  agent: string | null;
  by_name: string | null;
  string_version: number;
  updated_at: Date | string;
}

export interface ProjectApprovalRow {
  key_id: string;
  language_code: string;
  review_id: string;
  state: ApprovalStateColumn;
  comment: string | null;
}

/**
 * A verdict counts while the string it judged is the one stored: same version (0 = no string), and
 * not written again after the verdict (a string deleted and written anew starts at version 1 again).
 */
export const isCurrent = sql<boolean>`a.string_version = coalesce(s.version, 0)
  and (s.updated_at is null or s.updated_at <= a.updated_at)`;

/**
 * Reviews with their owner's name and key count: a project's on main or on one branch (`branchId`
 * null: main's; undefined: all), newest change first, or one.
 */
export async function selectSummaries(
  db: Db,
  filter: { projectId: string; branchId?: string | null } | { reviewId: string },
) {
  let query = db
    .selectFrom("reviews as r")
    .leftJoin("users as u", "u.id", "r.owner_user_id")
    .leftJoin("profiles as p", "p.user_id", "r.owner_user_id")
    .leftJoin("branches as b", "b.id", "r.branch_id")
    .selectAll("r")
    .select(displayName("u", "p").as("owner_name"))
    .select("b.name as branch_name")
    .select(
      sql<number>`(select count(*)::int from review_keys rk where rk.review_id = r.id)`.as("key_count"),
    );
  if ("projectId" in filter && filter.branchId !== undefined) {
    const { branchId } = filter;
    query =
      branchId === null ? query.where("r.branch_id", "is", null) : query.where("r.branch_id", "=", branchId);
  }
  query =
    "projectId" in filter
      ? query
          .where("r.project_id", "=", filter.projectId)
          .orderBy("r.last_updated_at", "desc")
          .orderBy("r.id", "desc")
      : query.where("r.id", "=", filter.reviewId);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, key_count: Number(row.key_count) })) satisfies SummaryRow[];
}

/** The review's keys in byte order (like the keys API), a row per string in `languages`. */
export async function selectKeyStrings(db: Db, reviewId: string, languages: string[]) {
  const result = await sql<KeyStringRow>`
    select k.id, k.key, s.language_code, s.value, s.version, s.updated_at, s.machine
    from review_keys rk
    join translation_keys k on k.id = rk.key_id
    left join translation_strings s on s.key_id = k.id and s.language_code = any(${languages}::text[])
    where rk.review_id = ${reviewId}
    order by k.key collate "C"
  `.execute(db);
  return result.rows;
}

/** The review's current verdicts in `languages` (of one key, if given), with who gave them. */
export async function selectCurrentApprovals(db: Db, reviewId: string, languages: string[], keyId?: string) {
  const result = await sql<ApprovalRow>`
    select a.key_id, a.language_code, a.state, a.comment, a.user_id, a.agent, a.string_version,
      a.updated_at, ${displayName("u", "p")} as by_name
    from review_approvals a
    left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
    left join users u on u.id = a.user_id
    left join profiles p on p.user_id = a.user_id
    where a.review_id = ${reviewId} and a.language_code = any(${languages}::text[]) and ${isCurrent}
      ${keyId === undefined ? sql`` : sql`and a.key_id = ${keyId}`}
  `.execute(db);
  return result.rows;
}

/**
 * Per key and language of the project, the newest current verdict across its reviews: main's, and
 * on a branch those of the branch and the branches it came from too (their texts are the branch's
 * where it did not change them).
 */
export async function selectProjectApprovals(
  db: Db,
  projectId: string,
  languages: string[],
  branches: readonly string[],
) {
  const result = await sql<ProjectApprovalRow>`
    select distinct on (a.key_id, a.language_code)
      a.key_id, a.language_code, a.review_id, a.state, a.comment
    from reviews r
    join review_approvals a on a.review_id = r.id
    left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
    where r.project_id = ${projectId} and a.language_code = any(${languages}::text[]) and ${isCurrent}
      and (r.branch_id is null or r.branch_id = any(${branches}::uuid[]))
    order by a.key_id, a.language_code, a.updated_at desc, a.review_id
  `.execute(db);
  return result.rows;
}

/** The review's project and branch (null: main); undefined when there is no such review. */
export function selectReviewPlace(db: Db, reviewId: string) {
  return db
    .selectFrom("reviews")
    .select(["project_id", "branch_id"])
    .where("id", "=", reviewId)
    .executeTakeFirst();
}

/** Locks the review for the rest of the transaction and answers its status; undefined when it is gone. */
export async function lockReview(trx: Transaction<DB>, reviewId: string) {
  return trx.selectFrom("reviews").select("status").where("id", "=", reviewId).forUpdate().executeTakeFirst();
}

export async function insertReview(
  db: Db,
  values: {
    project_id: string;
    branch_id: string | null;
    title: string;
    description: string;
    owner_user_id: string;
  },
): Promise<string> {
  const row = await db.insertInto("reviews").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** The fields given change; `last_updated_at` becomes now. */
export function updateReview(
  db: Db,
  reviewId: string,
  changes: { title?: string; description?: string; status?: ReviewStatusColumn; languagesDone?: string[] },
) {
  const { languagesDone, ...fields } = changes;
  return db
    .updateTable("reviews")
    .set({
      ...fields,
      ...(languagesDone !== undefined ? { languages_done: sql<string[]>`${languagesDone}::text[]` } : {}),
      // When it was completed: a branch's change after that needs another review to merge.
      ...(fields.status === "completed"
        ? { completed_at: sql`case when status = 'completed' then completed_at else now() end` }
        : fields.status === "pending"
          ? { completed_at: null }
          : {}),
      last_updated_at: sql`now()`,
    })
    .where("id", "=", reviewId)
    .returning(["id", "title", "status"])
    .executeTakeFirstOrThrow();
}

/** Whether the review was there to delete. */
export async function deleteReview(db: Db, reviewId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom("reviews")
    .where("id", "=", reviewId)
    .returning("id")
    .executeTakeFirst();
  return deleted !== undefined;
}

export async function keyCount(db: Db, reviewId: string): Promise<number> {
  const row = await db
    .selectFrom("review_keys")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("review_id", "=", reviewId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The review changed now: it moves to the top of the project's list. */
export async function touch(db: Db, reviewId: string) {
  await db.updateTable("reviews").set({ last_updated_at: sql`now()` }).where("id", "=", reviewId).execute();
}

/** Which of `keyIds` are the project's, locked against deletion (key share) until the transaction ends. */
export function lockProjectKeys(trx: Transaction<DB>, projectId: string, keyIds: readonly string[]) {
  const query = trx
    .selectFrom("translation_keys")
    .select("id")
    .where("project_id", "=", projectId)
    // One array parameter however many keys: `in (…)` would send one parameter per key.
    .where(sql<boolean>`id = any(${keyIds}::uuid[])`);
  // A branch's keys are a view's rows, which cannot be locked: the rows added then lock their key
  // themselves (migration 0041's check of the key takes the same lock).
  return (currentBranch() ? query : query.forKeyShare()).execute();
}

/** Adds keys to the review (those in it already stay once); answers how many were new. */
export async function insertKeys(db: Db, reviewId: string, keyIds: readonly string[]): Promise<number> {
  if (keyIds.length === 0) return 0;
  const inserted = await sql<{ key_id: string }>`
    insert into review_keys (review_id, key_id)
    select ${reviewId}::uuid, k from unnest(${keyIds}::uuid[]) as t(k)
    on conflict do nothing
    returning key_id
  `.execute(db);
  return inserted.rows.length;
}

/** Takes the key out of the review (its verdicts go with it); false when it was not in it. */
export async function deleteReviewKey(db: Db, reviewId: string, keyId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom("review_keys")
    .where("review_id", "=", reviewId)
    .where("key_id", "=", keyId)
    .returning("key_id")
    .executeTakeFirst();
  return removed !== undefined;
}

export async function isKeyInReview(db: Db, reviewId: string, keyId: string): Promise<boolean> {
  const found = await db
    .selectFrom("review_keys")
    .select("key_id")
    .where("review_id", "=", reviewId)
    .where("key_id", "=", keyId)
    .executeTakeFirst();
  return found !== undefined;
}

/** The key's name as it is now. */
export async function selectKeyName(db: Db, keyId: string): Promise<string> {
  const key = await db
    .selectFrom("translation_keys")
    .select("key")
    .where("id", "=", keyId)
    .executeTakeFirstOrThrow();
  return key.key;
}

export interface VerdictCell {
  reviewId: string;
  keyId: string;
  language: string;
}

/** Removes the cell's verdict; false when it had none. */
export async function deleteApproval(db: Db, cell: VerdictCell): Promise<boolean> {
  const removed = await db
    .deleteFrom("review_approvals")
    .where("review_id", "=", cell.reviewId)
    .where("key_id", "=", cell.keyId)
    .where("language_code", "=", cell.language)
    .returning("key_id")
    .executeTakeFirst();
  return removed !== undefined;
}

/** Writes the cell's verdict on the string version stored now (0: no string), by a person or an agent. */
export async function upsertApproval(
  db: Db,
  cell: VerdictCell,
  verdict: {
    state: ApprovalStateColumn;
    comment: string | null;
    userId: string | null;
    agent: string | null;
  },
): Promise<void> {
  // clock_timestamp(), not now(): the verdict is later than the string version it read,
  // even when a write of that string began before this transaction did.
  await sql`
    insert into review_approvals
      (review_id, key_id, language_code, state, comment, string_version, user_id, agent, updated_at)
    values (
      ${cell.reviewId}, ${cell.keyId}, ${cell.language}, ${verdict.state}, ${verdict.comment},
      coalesce((select version from translation_strings
                where key_id = ${cell.keyId} and language_code = ${cell.language}), 0),
      ${verdict.userId}, ${verdict.agent}, clock_timestamp()
    )
    on conflict (review_id, key_id, language_code) do update
      set state = excluded.state, comment = excluded.comment,
          string_version = excluded.string_version, user_id = excluded.user_id,
          agent = excluded.agent, updated_at = excluded.updated_at
  `.execute(db);
}

/**
 * Unmarks the machine output of the string version the cell's verdict judged; answers the string
 * when it was marked and is still that version.
 */
export function clearMachineOfJudged(db: Db, cell: VerdictCell) {
  return db
    .updateTable("translation_strings")
    .set({ machine: null })
    .where("key_id", "=", cell.keyId)
    .where("language_code", "=", cell.language)
    .where("machine", "is not", null)
    .where(
      "version",
      "=",
      sql<number>`(select string_version from review_approvals
        where review_id = ${cell.reviewId} and key_id = ${cell.keyId} and language_code = ${cell.language})`,
    )
    .returning(["value", "version", "updated_at"])
    .executeTakeFirst();
}

/**
 * The cell's string, locked against writes until the transaction ends: the version an agent's
 * verdict judges is the one it checked. Undefined when there is no string.
 */
export async function lockCellString(trx: Transaction<DB>, cell: Omit<VerdictCell, "reviewId">) {
  const query = trx
    .selectFrom("translation_strings")
    .select(["version", "machine"])
    .where("key_id", "=", cell.keyId)
    .where("language_code", "=", cell.language);
  if (!currentBranch()) return query.forShare().executeTakeFirst();
  // On a branch the key's lock, which every write of its strings takes, stands for the row's.
  await lockKey(trx, cell.keyId);
  return query.executeTakeFirst();
}
