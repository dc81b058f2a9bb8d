import type { Selectable } from "kysely";
import type { BatchJob } from "../../shared/schemas/batch.ts";
import type { BatchTranslationJobsTable } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";

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
