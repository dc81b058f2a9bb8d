import { type RawBuilder, type Selectable, sql, type Transaction } from "kysely";
import { BATCH_CHUNK_SIZE, type BatchJob } from "../../shared/schemas/batch.ts";
import type { BatchTranslationJobsTable, DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";

/** Keys looked at per statement when a batch starts: a multiple of BATCH_CHUNK_SIZE. */
export const ITEM_SLICE_KEYS = 1_000;

export type BatchJobRow = Selectable<BatchTranslationJobsTable>;

/** The job row as the API and the event stream show it. */
export function presentBatchJob(row: BatchJobRow): BatchJob {
  return {
    id: row.id,
    projectId: row.project_id,
    sourceLanguage: row.source_language,
    targetLanguage: row.target_language,
    status: row.status,
    progressPercentage: Number(row.progress_percentage),
    completedItems: Number(row.completed_items),
    failedItems: Number(row.failed_items),
    skippedItems: Number(row.skipped_items),
    totalItems: Number(row.total_items),
    errorMessage: row.error_message,
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
  };
}

interface BatchScope {
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
 * Writes one item per key that needs a translation (the rule of the language's missing count: a
 * counted key with a source text and no translation), numbered into chunks in key order, and
 * answers how many. The keys never travel through Node: each statement takes the next
 * ITEM_SLICE_KEYS keys by the index on (project, key) and inserts their items, and the event loop
 * gets a turn between statements, so a start of 250,000 keys neither holds the server (on the
 * embedded database a statement runs on its thread) nor runs as one long statement.
 */
export async function writeBatchItems(trx: Transaction<DB>, batch: BatchScope): Promise<number> {
  let written = 0;
  let after: string | null = null;
  for (;;) {
    const slice = await writeItemSlice(trx, batch, after, written);
    written += slice.added;
    if (slice.last === null || slice.seen < ITEM_SLICE_KEYS) return written;
    after = slice.last;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One slice: the keys after `after` (all from the first), items numbered on from `written`. */
async function writeItemSlice(
  trx: Transaction<DB>,
  batch: BatchScope,
  after: string | null,
  written: number,
) {
  const from = after === null ? sql`` : sql`and k.key collate "C" > ${after}`;
  const result = await sql<{ seen: number; last: string | null; added: number }>`
    with slice as (
      select k.id, k.key, k.translatable, k.value_type
      from translation_keys k
      where k.project_id = ${batch.projectId} ${from}
        ${batch.only ? sql`and k.id in (${batch.only})` : sql``}
      order by k.key collate "C"
      limit ${ITEM_SLICE_KEYS}
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
