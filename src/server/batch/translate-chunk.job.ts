import { type BranchScope, onBranch } from "../db/branch-scope.ts";
import type { JobWorker } from "../jobs/job-queue.ts";
import type { Logger } from "../logger.ts";
import type { ChunkWorker } from "./chunk-worker.ts";

/**
 * The batch translation's one job: a chunk of keys. A chunk whose worker throws or dies (no
 * heartbeat for 10 s) is tried again, 3 times; after the last failure its keys count as failed and
 * the batch goes on without them.
 */
export const TRANSLATE_CHUNK_QUEUE = "batch-translate-chunk";
export const TRANSLATE_CHUNK_SETTINGS = { retryLimit: 3, heartbeatSeconds: 10 };

/** A branch's scope by id for a queued chunk; undefined when the branch is gone (branches/service.ts). */
export type BranchOfJob = (branchId: string) => Promise<{ scope: BranchScope } | undefined>;

export function translateChunkJob(deps: {
  chunkWorker: ChunkWorker;
  logger: Logger;
  concurrency: number;
  branchOf: BranchOfJob;
}): JobWorker<typeof TRANSLATE_CHUNK_QUEUE> {
  const { chunkWorker, logger } = deps;
  return {
    queue: TRANSLATE_CHUNK_QUEUE,
    settings: TRANSLATE_CHUNK_SETTINGS,
    concurrency: deps.concurrency,
    async handle(job) {
      // A chunk of a branch's batch (issue 39) reads and writes that branch, and its events reach
      // that branch's viewers: the job runs in the branch's scope as the request that started it did.
      const { branchId } = job.data;
      const branch = branchId ? await deps.branchOf(branchId) : undefined;
      // A branch gone for good took its job with it (on delete cascade): nothing is left to do.
      if (branchId && !branch) return;
      await onBranch(branch?.scope, async () => {
        try {
          await chunkWorker.processChunk(job.data.batchId, job.data.chunk);
        } catch (error) {
          logger.error({ err: error, ...job.data, attempt: job.retryCount }, "batch chunk failed");
          if (job.retryCount >= TRANSLATE_CHUNK_SETTINGS.retryLimit) {
            await chunkWorker.failChunk(job.data.batchId, job.data.chunk, (error as Error).message);
            return;
          }
          throw error;
        }
      });
    },
  };
}
