import type { Kysely } from "kysely";
import { languageName } from "../../shared/languages.ts";
import { BATCH_CHUNK_SIZE, type BatchJob, type StartBatchBody } from "../../shared/schemas/batch.ts";
import { publishActivity } from "../activity/publish.ts";
import { recordActivity } from "../activity/record.ts";
import type { AiQuota } from "../ai/ai-quota.ts";
import { assertTargetLanguage, resolveModel } from "../ai/checks.ts";
import type { TranslationProvider } from "../ai/provider.ts";
import { currentBranch } from "../db/branch-scope.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { DB } from "../db/schema.ts";
import { AppError, notFoundAs } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { filteredKeyIds, filterScopeOf } from "../keys/filters.ts";
import type { Access } from "../teams/access.ts";
import { presentBatchJob, writeBatchItems } from "./batch-jobs.ts";
import {
  cancelRunningJob,
  hasRunningJob,
  insertJob,
  selectJob,
  selectRunningJobs,
  setJobTotals,
} from "./queries.ts";

/**
 * Batch translation of every missing string of one language (spec points 4, 7, 9). Starting writes
 * the job row, one item per key (in slices, see writeBatchItems) and one queued job per chunk in one
 * transaction; the chunk worker does the rest in any server process.
 *
 * A request on a branch (issue 39) starts, lists and cancels that branch's jobs: the job names the
 * branch and its chunks run there. Main and each branch see only their own jobs.
 */
export function createBatchService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: EventBus;
  queue: JobQueue;
  provider: TranslationProvider;
  aiQuota: AiQuota;
}) {
  const { db, access, events, queue, provider, aiQuota } = deps;

  async function publish(job: BatchJob) {
    await events.publish(job.projectId, [{ type: "batch.updated", data: job }]);
  }

  /** The branch the request is on: its jobs are the ones it starts and sees (null: main's). */
  const branchId = () => currentBranch()?.id ?? null;

  async function jobFor(
    userId: string,
    batchId: string,
    permission: "languages.view" | "strings.batchTranslate",
  ) {
    const row = await selectJob(db, batchId);
    if (!row || row.branch_id !== branchId()) throw new AppError("not_found", "Batch translation not found");
    await access.project(userId, row.project_id, permission).catch(notFoundAs("Batch translation"));
    return row;
  }

  return {
    async start(userId: string, projectId: string, body: StartBatchBody): Promise<BatchJob> {
      const { project } = await access.project(userId, projectId, "strings.batchTranslate");
      assertTargetLanguage(project, body.language);
      const model = resolveModel(provider, body.model);
      const name = languageName(body.language);
      // Before the transaction: a refused request writes nothing.
      await aiQuota(userId, project.team_id);
      const branch = branchId();
      const { row, recorded } = await db
        .transaction()
        .execute(async (trx) => {
          if (await hasRunningJob(trx, projectId, body.language, branch))
            throw new AppError("conflict", `${name} is already being translated`);
          const job = await insertJob(trx, {
            project_id: projectId,
            source_language: project.source_language,
            target_language: body.language,
            total_items: 0,
            chunk_count: 0,
            model,
            created_by: userId,
            branch_id: branch,
          });
          const total = await writeBatchItems(trx, {
            jobId: job.id,
            projectId,
            sourceLanguage: project.source_language,
            targetLanguage: body.language,
            only: body.filters
              ? filteredKeyIds(filterScopeOf(project, body.language), body.filters)
              : undefined,
            replacePseudo: provider.name !== "pseudo",
          });
          // The spec's words (point 5) for a language with nothing to translate.
          if (total === 0) throw new AppError("validation_failed", `No empty translations found for ${name}`);
          const chunkCount = Math.ceil(total / BATCH_CHUNK_SIZE);
          const counted = await setJobTotals(trx, job.id, { total_items: total, chunk_count: chunkCount });
          await queue.send(
            trx,
            "batch-translate-chunk",
            Array.from({ length: chunkCount }, (_, chunk) => ({ batchId: job.id, chunk, branchId: branch })),
          );
          const recorded = await recordActivity(trx, {
            teamId: project.team_id,
            projectId,
            userId,
            kind: "batch.started",
            count: total,
            languages: [body.language],
            details: { batchId: job.id, model },
          });
          return { row: counted, recorded };
        })
        .catch((error: unknown) => {
          // Two starts at once: the unique index lets one through.
          if (isUniqueViolation(error)) throw new AppError("conflict", `${name} is already being translated`);
          throw error;
        });
      const job = presentBatchJob(row);
      await publish(job);
      await publishActivity(deps, [recorded]);
      return job;
    },

    async get(userId: string, batchId: string): Promise<BatchJob> {
      return presentBatchJob(await jobFor(userId, batchId, "languages.view"));
    },

    /** The project's jobs still pending or processing (the spec's active-jobs check). */
    async active(userId: string, projectId: string): Promise<BatchJob[]> {
      await access.project(userId, projectId, "languages.view");
      const rows = await selectRunningJobs(db, projectId, branchId());
      return rows.map(presentBatchJob);
    },

    /** Stops a running job: chunks not yet written write nothing (checked in their write transaction). */
    async cancel(userId: string, batchId: string): Promise<BatchJob> {
      const current = await jobFor(userId, batchId, "strings.batchTranslate");
      const row = await cancelRunningJob(db, current.id);
      if (!row) throw new AppError("conflict", "This batch translation has already finished");
      const job = presentBatchJob(row);
      await publish(job);
      return job;
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
