import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { MachineColumn } from "../db/column-types.ts";
import type { ApprovalStateColumn, DB, ReviewsTable } from "../db/schema.ts";
import { displayName } from "../db/sql.ts";

/** Reads of reviews: no rules here (the service checks access first), only the queries. */

type Db = Kysely<DB> | Transaction<DB>;

export type SummaryRow = Selectable<ReviewsTable> & { owner_name: string | null; key_count: number };

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
  by_name: string | null;
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

/** Reviews with their owner's name and key count: a project's, newest change first, or one. */
export async function selectSummaries(db: Db, filter: { projectId: string } | { reviewId: string }) {
  let query = db
    .selectFrom("reviews as r")
    .leftJoin("users as u", "u.id", "r.owner_user_id")
    .leftJoin("profiles as p", "p.user_id", "r.owner_user_id")
    .selectAll("r")
    .select(displayName("u", "p").as("owner_name"))
    .select(
      sql<number>`(select count(*)::int from review_keys rk where rk.review_id = r.id)`.as("key_count"),
    );
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
    select a.key_id, a.language_code, a.state, a.comment, a.user_id, a.updated_at,
      ${displayName("u", "p")} as by_name
    from review_approvals a
    left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
    left join users u on u.id = a.user_id
    left join profiles p on p.user_id = a.user_id
    where a.review_id = ${reviewId} and a.language_code = any(${languages}::text[]) and ${isCurrent}
      ${keyId === undefined ? sql`` : sql`and a.key_id = ${keyId}`}
  `.execute(db);
  return result.rows;
}

/** Per key and language of the project, the newest current verdict across its reviews. */
export async function selectProjectApprovals(db: Db, projectId: string, languages: string[]) {
  const result = await sql<ProjectApprovalRow>`
    select distinct on (a.key_id, a.language_code)
      a.key_id, a.language_code, a.review_id, a.state, a.comment
    from reviews r
    join review_approvals a on a.review_id = r.id
    left join translation_strings s on s.key_id = a.key_id and s.language_code = a.language_code
    where r.project_id = ${projectId} and a.language_code = any(${languages}::text[]) and ${isCurrent}
    order by a.key_id, a.language_code, a.updated_at desc, a.review_id
  `.execute(db);
  return result.rows;
}
