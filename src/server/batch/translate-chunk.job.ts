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

export function translateChunkJob(deps: {
  chunkWorker: ChunkWorker;
  logger: Logger;
  concurrency: number;
}): JobWorker<typeof TRANSLATE_CHUNK_QUEUE> {
  const { chunkWorker, logger } = deps;
  return {
    queue: TRANSLATE_CHUNK_QUEUE,
    settings: TRANSLATE_CHUNK_SETTINGS,
    concurrency: deps.concurrency,
    async handle(job) {
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
    },
  };
}
