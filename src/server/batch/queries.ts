import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  sql,
  type Transaction,
} from "kysely";
import { BATCH_CHUNK_SIZE } from "../../shared/schemas/batch.ts";
import type { BatchItemStatus, BatchTranslationJobsTable, DB } from "../db/schema.ts";

/** Reads and writes of batch translation jobs and their items: no rules here, only the SQL. */

type Db = Kysely<DB> | Transaction<DB>;

export type BatchJobRow = Selectable<BatchTranslationJobsTable>;

/** A job still to finish: its chunks may write, and a second one of the language may not start. */
const RUNNING = ["pending", "processing"] as const;

export function selectJob(db: Db, batchId: string): Promise<BatchJobRow | undefined> {
  return db.selectFrom("batch_translation_jobs").selectAll().where("id", "=", batchId).executeTakeFirst();
}

/** Locks the job for the rest of the transaction; undefined when it is gone. */
export function lockJob(trx: Transaction<DB>, batchId: string): Promise<BatchJobRow | undefined> {
  return trx
    .selectFrom("batch_translation_jobs")
    .selectAll()
    .where("id", "=", batchId)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether a job into `language` still runs in the project, on the branch (null: main). */
export async function hasRunningJob(
  db: Db,
  projectId: string,
  language: string,
  branchId: string | null,
): Promise<boolean> {
  const running = await db
    .selectFrom("batch_translation_jobs")
    .select("id")
    .where("project_id", "=", projectId)
    .where("target_language", "=", language)
    .where("branch_id", branchId === null ? "is" : "=", branchId)
    .where("status", "in", RUNNING)
    .executeTakeFirst();
  return running !== undefined;
}

/** The project's jobs still pending or processing on the branch (null: main), oldest first. */
export function selectRunningJobs(
  db: Db,
  projectId: string,
  branchId: string | null,
): Promise<BatchJobRow[]> {
  return db
    .selectFrom("batch_translation_jobs")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("branch_id", branchId === null ? "is" : "=", branchId)
    .where("status", "in", RUNNING)
    .orderBy("created_at")
    .execute();
}

export function insertJob(db: Db, values: Insertable<BatchTranslationJobsTable>): Promise<BatchJobRow> {
  return db.insertInto("batch_translation_jobs").values(values).returningAll().executeTakeFirstOrThrow();
}

export function setJobTotals(db: Db, batchId: string, totals: { total_items: number; chunk_count: number }) {
  return db
    .updateTable("batch_translation_jobs")
    .set(totals)
    .where("id", "=", batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Cancels the job if it still runs; undefined when it had finished. */
export function cancelRunningJob(db: Db, batchId: string): Promise<BatchJobRow | undefined> {
  return db
    .updateTable("batch_translation_jobs")
    .set({ status: "cancelled", error_message: "Translation was cancelled", updated_at: sql`now()` })
    .where("id", "=", batchId)
    .where("status", "in", RUNNING)
    .returningAll()
    .executeTakeFirst();
}

/** Ends a job that still runs as failed, with why (its branch was deleted); undefined when it had finished. */
export function failRunningJob(db: Db, batchId: string, message: string): Promise<BatchJobRow | undefined> {
  return db
    .updateTable("batch_translation_jobs")
    .set({ status: "failed", error_message: message, updated_at: sql`now()` })
    .where("id", "=", batchId)
    .where("status", "in", RUNNING)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Whether the branch was deleted (archived). With `lock`, its row is held until the transaction
 * ends, so a deletion waits for a chunk's write and a chunk after it sees it.
 */
export async function isBranchArchived(db: Db, branchId: string, lock = false): Promise<boolean> {
  const query = db.selectFrom("branches").select("archived_at").where("id", "=", branchId);
  const row = await (lock ? query.forShare() : query).executeTakeFirst();
  return row === undefined || row.archived_at !== null;
}

/** Moves a pending job to processing; undefined when it was not pending any more. */
export function startPendingJob(db: Db, batchId: string): Promise<BatchJobRow | undefined> {
  return db
    .updateTable("batch_translation_jobs")
    .set({ status: "processing", updated_at: sql`now()` })
    .where("id", "=", batchId)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** The job's status, counters and message as they are now. */
export function updateJobProgress(
  db: Db,
  batchId: string,
  progress: {
    status: "processing" | "failed" | "completed";
    completed_items: number;
    failed_items: number;
    skipped_items: number;
    progress_percentage: number;
    error_message: string | null;
  },
): Promise<BatchJobRow> {
  return db
    .updateTable("batch_translation_jobs")
    .set({ ...progress, updated_at: sql`now()` })
    .where("id", "=", batchId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ItemScope {
  jobId: string;
  projectId: string;
  sourceLanguage: string;
  targetLanguage: string;
  /** Only these keys (a subquery of ids: the Overview's filters); absent: every key. */
  only?: RawBuilder<unknown> | undefined;
  /** Pseudo-localized text counts as missing: a real AI replaces it (issue 19). */
  replacePseudo?: boolean;
}

/**
 * One slice of a job's items: the `sliceKeys` keys after `after` (all from the first) by the index
 * on (project, key), an item for each that needs a translation (a counted key with a source text
 * and no translation), numbered into chunks on from `written`. Answers the keys seen, the last
 * one's name and the items added.
 */
export async function insertItemSlice(
  trx: Transaction<DB>,
  batch: ItemScope,
  slice: { after: string | null; written: number; sliceKeys: number },
) {
  const { after, written } = slice;
  const from = after === null ? sql`` : sql`and k.key collate "C" > ${after}`;
  const result = await sql<{ seen: number; last: string | null; added: number }>`
    with slice as (
      select k.id, k.key, k.translatable, k.value_type
      from translation_keys k
      where k.project_id = ${batch.projectId} ${from}
        ${batch.only ? sql`and k.id in (${batch.only})` : sql``}
      order by k.key collate "C"
      limit ${slice.sliceKeys}
    ),
    missing as (
      select s.id, row_number() over (order by s.key collate "C") as n
      from slice s
      where s.translatable and s.value_type is null
        and exists (
          select 1 from translation_strings src
          where src.key_id = s.id and src.language_code = ${batch.sourceLanguage} and src.value <> '')
        and not exists (
          select 1 from translation_strings t
          where t.key_id = s.id and t.language_code = ${batch.targetLanguage} and t.value <> ''
            ${batch.replacePseudo ? sql`and t.machine is distinct from 'pseudo'` : sql``})
    ),
    added as (
      insert into batch_translation_items (job_id, key_id, chunk)
      select ${batch.jobId}::uuid, id, (${written}::int + n::int - 1) / ${BATCH_CHUNK_SIZE}
      from missing
      returning 1
    )
    select (select count(*) from slice)::int as seen,
      (select max(key collate "C") from slice) as last,
      (select count(*) from added)::int as added
  `.execute(trx);
  const row = result.rows[0];
  return { seen: Number(row?.seen ?? 0), last: row?.last ?? null, added: Number(row?.added ?? 0) };
}

export interface PendingItemRow {
  key_id: string;
  key: string;
  description: string | null;
  max_length: number | null;
  source: string | null;
  target: string | null;
}

/** The chunk's items still pending, with their key and its source and target texts, in key order. */
export async function selectPendingItems(
  db: Db,
  batchId: string,
  chunk: number,
  languages: Pick<BatchJobRow, "source_language" | "target_language">,
): Promise<PendingItemRow[]> {
  const rows = await sql<PendingItemRow>`
    select i.key_id, k.key, k.description, k.max_length, src.value as source, tgt.value as target
    from batch_translation_items i
    join translation_keys k on k.id = i.key_id
    left join translation_strings src on src.key_id = i.key_id and src.language_code = ${languages.source_language}
    left join translation_strings tgt on tgt.key_id = i.key_id and tgt.language_code = ${languages.target_language}
    where i.job_id = ${batchId} and i.chunk = ${chunk} and i.status = 'pending'
    order by k.key collate "C"
  `.execute(db);
  return rows.rows;
}

/** The keys of the chunk's items still pending. */
export async function selectPendingItemKeys(db: Db, batchId: string, chunk: number): Promise<string[]> {
  const items = await db
    .selectFrom("batch_translation_items")
    .select("key_id")
    .where("job_id", "=", batchId)
    .where("chunk", "=", chunk)
    .where("status", "=", "pending")
    .execute();
  return items.map((item) => item.key_id);
}

/** The keys' non-empty texts in languages other than `except`. */
export function selectOtherTexts(db: Db, keyIds: readonly string[], except: readonly string[]) {
  return db
    .selectFrom("translation_strings")
    .select(["key_id", "language_code", "value"])
    .where("key_id", "in", keyIds)
    .where("language_code", "not in", except)
    .where("value", "<>", "")
    .execute();
}

/** Marks the chunk's items (only those still pending); answers those marked. */
export async function settleItemRows(
  trx: Transaction<DB>,
  batchId: string,
  chunk: number,
  statuses: readonly { keyId: string; status: BatchItemStatus; error: string | null }[],
) {
  const settled = await sql<{ status: BatchItemStatus; error: string | null }>`
    update batch_translation_items i
    set status = t.s, error = t.e
    from unnest(${statuses.map((s) => s.keyId)}::uuid[], ${statuses.map((s) => s.status)}::text[], ${statuses.map((s) => s.error)}::text[]) as t(k, s, e)
    where i.job_id = ${batchId} and i.chunk = ${chunk} and i.key_id = t.k and i.status = 'pending'
    returning i.status, i.error
  `.execute(trx);
  return settled.rows;
}

export async function selectProjectTeamId(db: Db, projectId: string): Promise<string> {
  const project = await db
    .selectFrom("projects")
    .select("team_id")
    .where("id", "=", projectId)
    .executeTakeFirstOrThrow();
  return project.team_id;
}
