import type { Kysely, Transaction } from "kysely";
import { fromKysely, type Job, PgBoss } from "pg-boss";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { WebhookDeliveryJob } from "../webhooks/delivery-job-data.ts";

/** The pg-boss queues the app uses and the data each job carries. */
export interface QueueData {
  /** One chunk of an AI batch, on the branch it translates (absent or null: main; issue 39). */
  "batch-translate-chunk": { batchId: string; chunk: number; branchId?: string | null };
  /** One attempt of one webhook delivery (src/server/webhooks/delivery.job.ts). */
  "webhook-delivery": WebhookDeliveryJob;
  /** Check every string of a project again (src/server/quality/recheck.job.ts). */
  "quality-recheck": { projectId: string };
}
export type QueueName = keyof QueueData;

/**
 * A queue's worker, as a feature declares it: the queue, its retry settings, how many jobs at once
 * in this process, and what one job does.
 */
export interface JobWorker<Q extends QueueName = QueueName> {
  queue: Q;
  settings: QueueSettings;
  concurrency: number;
  // A method, so a worker of one queue is a worker of any queue's list (queue and handle go together).
  handle(job: Job<QueueData[Q]>): Promise<void>;
}

export interface QueueSettings {
  /** Attempts after the first, for a handler that throws or a worker that died mid-job. */
  retryLimit: number;
  /** A job whose worker stops sending heartbeats (killed process) is retried after this long. */
  heartbeatSeconds: number;
}

/**
 * pg-boss on the app's database, with its own small pool. Jobs are sent inside
 * the caller's transaction, so a job exists exactly when the rows it works on do.
 */
export interface JobQueue {
  send<Q extends QueueName>(
    trx: Transaction<DB> | Kysely<DB>,
    queue: Q,
    jobs: QueueData[Q][],
    options?: { startAfter?: Date },
  ): Promise<void>;
  /**
   * Makes the worker's queue with its settings (once per database), then runs its `handle` for
   * jobs of the queue, `concurrency` at a time in this process. After each job the worker fetches
   * the next at once rather than waiting out its poll.
   */
  work(worker: JobWorker): Promise<void>;
  stop(): Promise<void>;
}

export async function createJobQueue(database: Database, options: { logger: Logger }): Promise<JobQueue> {
  const { logger } = options;
  const common = {
    schema: "pgboss",
    useListenNotify: true,
    // Dead workers' jobs are found by their missing heartbeat (the monitor pass); look often.
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
  };
  const boss = new PgBoss({ ...common, connectionString: database.url, max: 4 });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => logger.warn({ warning }, "job queue warning"));
  await boss.start();

  async function prepare(name: QueueName, settings: QueueSettings) {
    if (!(await boss.getQueue(name))) {
      await boss.createQueue(name, {
        retryLimit: settings.retryLimit,
        retryDelay: 1,
        retryBackoff: true,
        heartbeatSeconds: settings.heartbeatSeconds,
        expireInSeconds: 60 * 60,
        deleteAfterSeconds: 24 * 60 * 60,
        notify: true,
      });
    }
    if (database.exclusive) {
      // The data-folder lock means no other process works on this database: a job still marked
      // active was cut off by a stop or crash of this server, so run it again now rather than
      // waiting for its heartbeat to lapse.
      const orphans = (await boss.findJobs(name)).filter((job) => job.state === "active");
      if (orphans.length > 0) {
        // Failing it hands it to pg-boss's retry (with its backoff), as a lapsed heartbeat would.
        await boss.fail(
          name,
          orphans.map((job) => job.id),
          { message: "The server stopped while this job ran" },
        );
        logger.info({ queue: name, jobs: orphans.length }, "resuming jobs cut off by the last stop");
      }
    }
  }

  return {
    async send(trx, queue, jobs, options = {}) {
      if (jobs.length === 0) return;
      await boss.insert(
        queue,
        jobs.map((data) => ({ data, startAfter: options.startAfter })),
        { db: fromKysely(trx) },
      );
    },
    async work({ queue, settings, concurrency, handle }) {
      await prepare(queue, settings);
      for (let i = 0; i < concurrency; i++) {
        let workerId = "";
        workerId = await boss.work<QueueData[typeof queue]>(
          queue,
          { batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
          async ([job]) => {
            if (!job) return;
            logger.debug({ queue, job: job.id, data: job.data, attempt: job.retryCount }, "job started");
            try {
              await handle(job);
            } finally {
              boss.notifyWorker(workerId);
            }
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
