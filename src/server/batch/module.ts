import type { MemoryService } from "../memory/memory-service.ts";
import type { Core } from "../modules/feature-module.ts";
import { createBatchService } from "./batch-service.ts";
import { createChunkWorker } from "./chunk-worker.ts";
import { batchRoutes } from "./routes.ts";
import { type BranchOfJob, translateChunkJob } from "./translate-chunk.job.ts";

/** Batch translation: the routes that start and watch it, and the job that works its chunks. */
export function batchModule(core: Core, deps: { memory: MemoryService; branchOf: BranchOfJob }) {
  const { db, access, events, queue, provider, aiQuota, logger } = core;
  const chunkWorker = createChunkWorker({
    db,
    events,
    provider,
    logger,
    examples: (request) => deps.memory.examplesFor(request),
    sendScreenshots: core.config.AI_SEND_SCREENSHOTS === "1",
    aiBudget: core.aiBudget,
  });
  return {
    name: "batch",
    routes: batchRoutes(createBatchService({ db, access, events, queue, provider, aiQuota })),
    jobs: [
      translateChunkJob({
        chunkWorker,
        logger,
        concurrency: core.config.AI_BATCH_CONCURRENCY,
        branchOf: deps.branchOf,
      }),
    ],
  };
}
