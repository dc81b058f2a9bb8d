import { z } from "zod";
import { keyFiltersSchema } from "./key-filters.ts";

/** Spec point 9, AI batch translation. */
export const BATCH_CHUNK_SIZE = 50;
export const BATCH_DEFAULT_CONCURRENCY = 3;
export const BATCH_PAUSE_MS = 100;

export const BATCH_JOB_STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
export const batchJobStatusSchema = z.enum(BATCH_JOB_STATUSES);
export type BatchJobStatus = z.infer<typeof batchJobStatusSchema>;

/** The spec's BatchTranslationJobs row as the API shows it (plus keys left alone as people filled them). */
export const batchJobSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  /** The branch it translates (issue 39); null: main. */
  branchId: z.string().nullable(),
  status: batchJobStatusSchema,
  progressPercentage: z.number().int(),
  completedItems: z.number().int(),
  failedItems: z.number().int(),
  /** Keys a person translated while the job ran: the job left them alone. */
  skippedItems: z.number().int(),
  totalItems: z.number().int(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BatchJob = z.infer<typeof batchJobSchema>;

export const startBatchBodySchema = z.object({
  language: z.string().trim().min(1, "No target language specified").max(35),
  model: z.string().max(100).optional(),
  /** Only the keys the Overview's filters keep (their `lang` is the batch's language). */
  filters: keyFiltersSchema.optional(),
});
export type StartBatchBody = z.infer<typeof startBatchBodySchema>;

export const batchJobListSchema = z.object({ jobs: z.array(batchJobSchema) });

export function isBatchRunning(status: BatchJobStatus): boolean {
  return status === "pending" || status === "processing";
}
