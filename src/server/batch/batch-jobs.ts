import type { Transaction } from "kysely";
import type { BatchJob } from "../../shared/schemas/batch.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import { type BatchJobRow, type ItemScope, insertItemSlice } from "./queries.ts";

/** Keys looked at per statement when a batch starts: a multiple of BATCH_CHUNK_SIZE. */
export const ITEM_SLICE_KEYS = 1_000;

/** The job row as the API and the event stream show it. */
export function presentBatchJob(row: BatchJobRow): BatchJob {
  return {
    id: row.id,
    projectId: row.project_id,
    sourceLanguage: row.source_language,
    targetLanguage: row.target_language,
    branchId: row.branch_id,
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

/**
 * Writes one item per key that needs a translation (the rule of the language's missing count: a
 * counted key with a source text and no translation), numbered into chunks in key order, and
 * answers how many. The keys never travel through Node: each statement takes the next
 * ITEM_SLICE_KEYS keys by the index on (project, key) and inserts their items, and the event loop
 * gets a turn between statements, so a start of 250,000 keys neither holds the server (on the
 * embedded database a statement runs on its thread) nor runs as one long statement.
 */
export async function writeBatchItems(trx: Transaction<DB>, batch: ItemScope): Promise<number> {
  let written = 0;
  let after: string | null = null;
  for (;;) {
    const slice = await insertItemSlice(trx, batch, { after, written, sliceKeys: ITEM_SLICE_KEYS });
    written += slice.added;
    if (slice.last === null || slice.seen < ITEM_SLICE_KEYS) return written;
    after = slice.last;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
