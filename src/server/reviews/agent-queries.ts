import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { MachineColumn } from "../db/column-types.ts";
import type { DB } from "../db/schema.ts";
import { isCurrent } from "./queries.ts";

/**
 * The reads of a reviewer's API key (issue 36): a key by its name, each review's progress per
 * language, and the cells still waiting for a verdict. The session's reads are in queries.ts.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The id of the project's key of that name; undefined when it has none. */
export async function selectProjectKeyId(
  db: Db,
  projectId: string,
  name: string,
): Promise<string | undefined> {
  const key = await db
    .selectFrom("translation_keys")
    .select("id")
    .where("project_id", "=", projectId)
    .where("key", "=", name)
    .executeTakeFirst();
  return key?.id;
}

export interface ReviewProgressRow {
  review_id: string;
  language_code: string;
  pending: number;
  approved: number;
  needs_changes: number;
}

/** Per review and language: its keys without a current verdict, approved, and needing changes. */
export async function selectReviewProgress(db: Db, reviewIds: readonly string[], languages: string[]) {
  if (reviewIds.length === 0) return [];
  const result = await sql<ReviewProgressRow>`
    select rk.review_id, l.code as language_code,
      count(*) filter (where a.state is null)::int as pending,
      count(*) filter (where a.state = 'approved')::int as approved,
      count(*) filter (where a.state = 'needs_changes')::int as needs_changes
    from review_keys rk
    cross join unnest(${languages}::text[]) as l(code)
    left join translation_strings s on s.key_id = rk.key_id and s.language_code = l.code
    left join review_approvals a on a.review_id = rk.review_id and a.key_id = rk.key_id
      and a.language_code = l.code and ${isCurrent}
    where rk.review_id = any(${reviewIds}::uuid[])
    group by rk.review_id, l.code
  `.execute(db);
  return result.rows.map((row) => ({
    ...row,
    pending: Number(row.pending),
    approved: Number(row.approved),
    needs_changes: Number(row.needs_changes),
  }));
}

export interface PendingCellRow {
  id: string;
  key: string;
  description: string | null;
  max_length: number | null;
  source: string | null;
  language_code: string;
  value: string | null;
  version: number | null;
  machine: MachineColumn | null;
  checks: string[] | null;
}

/**
 * A page of the review's keys that have a cell in `languages` without a current verdict, in byte
 * order after the key named `after`: a row per such cell, in the order of `languages`. One key more
 * than `limit` is read, so the caller knows whether another page follows.
 */
export async function selectPendingCells(
  db: Db,
  page: {
    reviewId: string;
    languages: string[];
    sourceLanguage: string;
    after: string | undefined;
    limit: number;
  },
) {
  const result = await sql<PendingCellRow>`
    with cells as (
      select k.id, k.key, k.description, k.max_length, l.code as language_code, l.ord,
        s.value, s.version, s.machine, f.checks
      from review_keys rk
      join translation_keys k on k.id = rk.key_id
      cross join unnest(${page.languages}::text[]) with ordinality as l(code, ord)
      left join translation_strings s on s.key_id = k.id and s.language_code = l.code
      left join string_checks f on f.key_id = k.id and f.language_code = l.code
      left join review_approvals a on a.review_id = rk.review_id and a.key_id = k.id
        and a.language_code = l.code and ${isCurrent}
      where rk.review_id = ${page.reviewId} and a.key_id is null
        ${page.after === undefined ? sql`` : sql`and k.key collate "C" > ${page.after}`}
    ),
    keys as (
      select id from cells group by id, key order by key collate "C" limit ${page.limit + 1}
    )
    select c.id, c.key, c.description, c.max_length, c.language_code, c.value, c.version, c.machine,
      c.checks, src.value as source
    from cells c
    join keys on keys.id = c.id
    left join translation_strings src on src.key_id = c.id and src.language_code = ${page.sourceLanguage}
    order by c.key collate "C", c.ord
  `.execute(db);
  return result.rows;
}
