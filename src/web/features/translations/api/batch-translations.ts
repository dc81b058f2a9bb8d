import { queryOptions } from "@tanstack/react-query";
import type { BatchJob, StartBatchBody } from "../../../../shared/schemas/batch.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Spec point 9: job progress poll every 10 s, job existence check every 30 s (events come sooner). */
export const BATCH_PROGRESS_POLL_MS = 10_000;
export const BATCH_EXISTENCE_POLL_MS = 30_000;

/** The jobs still pending or processing. */
export async function listActiveBatches(projectId: string): Promise<BatchJob[]> {
  const answer = await api.batch.active({ params: { projectId } });
  return answer.jobs;
}

export function activeBatchesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectBatches(projectId),
    queryFn: () => listActiveBatches(projectId),
    refetchInterval: (query) =>
      (query.state.data?.length ?? 0) > 0 ? BATCH_PROGRESS_POLL_MS : BATCH_EXISTENCE_POLL_MS,
  });
}

/** Starts translating every missing string of a language. */
export function startBatch(projectId: string, body: StartBatchBody): Promise<BatchJob> {
  return api.batch.start({ params: { projectId }, body });
}

export function getBatch(batchId: string): Promise<BatchJob> {
  return api.batch.get({ params: { batchId } });
}

/** Cancels; answers the job, cancelled. */
export function cancelBatch(batchId: string): Promise<BatchJob> {
  return api.batch.cancel({ params: { batchId } });
}
