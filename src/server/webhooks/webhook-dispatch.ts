import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ProjectEvent } from "../../shared/events.ts";
import { MAIN_BRANCH } from "../../shared/schemas/branches.ts";
import type { WebhookEvent, WebhookPayload } from "../../shared/schemas/webhooks.ts";
import { currentBranch } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { Logger } from "../logger.ts";
import type { WebhookDeliveryJob } from "./delivery-job-data.ts";
import {
  claimReviewCompletion,
  forgetReviewCompletion,
  selectListeningHooks,
  selectReviewStatus,
} from "./queries.ts";

/** string.updated events of one project gathered this long go out as one delivery. */
export const STRING_COALESCE_MS = 1000;
/** At most this many strings per delivery; a larger gathering is split. */
export const STRINGS_PER_DELIVERY = 1000;

export const WEBHOOK_QUEUE = "webhook-delivery";
/**
 * Retries are the job's own schedule (src/server/webhooks/delivery.job.ts), not pg-boss's: a job
 * is tried again by pg-boss only when its worker died mid-attempt.
 */
export const WEBHOOK_QUEUE_SETTINGS = { retryLimit: 1, heartbeatSeconds: 30 };

export interface WebhookDispatch {
  /** Maps the events a change published to webhook events and queues their deliveries. */
  observe(projectId: string, events: ProjectEvent[]): Promise<void>;
  /**
   * Queues one delivery of `event` to each enabled hook of the project that asked for it; the
   * payload names the branch the caller works on (db/branch-scope.ts) unless `branch` says.
   */
  enqueue(
    projectId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
    branch?: string,
  ): Promise<void>;
  /** Queues a `ping` to one hook; answers its delivery id. */
  ping(projectId: string, webhookId: string): Promise<string>;
  /** Sends what is still being gathered (tests, and a stopping server). */
  flush(): Promise<void>;
}

/**
 * Queues delivery jobs. Always inside a transaction: pg-boss's Kysely adapter sends a bare RawNode
 * without SQL fragments, which the abandoned-reads check (src/server/db/query-scope.ts) cannot
 * read outside one.
 */
export async function queueDeliveries(
  db: Kysely<DB>,
  queue: JobQueue,
  jobs: WebhookDeliveryJob[],
  options: { startAfter?: Date } = {},
): Promise<void> {
  if (jobs.length === 0) return;
  await db.transaction().execute((trx) => queue.send(trx, WEBHOOK_QUEUE, jobs, options));
}

export function payloadOf(
  projectId: string,
  event: string,
  data: Record<string, unknown>,
  branch: string = MAIN_BRANCH,
): WebhookPayload {
  return { id: randomUUID(), event, projectId, branch, createdAt: new Date().toISOString(), data };
}

/** The branch the work that published an event is on: every payload names it. */
function branchName(): string {
  return currentBranch()?.name ?? MAIN_BRANCH;
}

export function createWebhookDispatch(deps: {
  db: Kysely<DB>;
  queue: JobQueue;
  logger: Logger;
  coalesceMs?: number;
}): WebhookDispatch {
  const { db, queue, logger } = deps;
  const coalesceMs = deps.coalesceMs ?? STRING_COALESCE_MS;
  const gathering = new Map<
    string,
    {
      projectId: string;
      branch: string;
      strings: Map<string, { keyId: string; language: string }>;
      timer: NodeJS.Timeout;
    }
  >();

  async function enqueue(
    projectId: string,
    event: WebhookEvent,
    data: Record<string, unknown>,
    branch: string = branchName(),
  ) {
    const hooks = await selectListeningHooks(db, projectId, event);
    if (hooks.length === 0) return;
    const now = Date.now();
    await queueDeliveries(
      db,
      queue,
      hooks.map((hook) => ({
        webhookId: hook.id,
        payload: payloadOf(projectId, event, data, branch),
        attempt: 1,
        firstQueuedAt: now,
      })),
    );
  }

  /** Strings are gathered per project and branch: a delivery is about one branch. */
  const gatheringKey = (projectId: string, branch: string) => `${projectId}\u0000${branch}`;

  async function sendStrings(key: string) {
    const entry = gathering.get(key);
    if (!entry) return;
    gathering.delete(key);
    clearTimeout(entry.timer);
    const strings = [...entry.strings.values()];
    for (let from = 0; from < strings.length; from += STRINGS_PER_DELIVERY) {
      await enqueue(
        entry.projectId,
        "string.updated",
        { strings: strings.slice(from, from + STRINGS_PER_DELIVERY) },
        entry.branch,
      );
    }
  }

  function gatherString(projectId: string, keyId: string, language: string) {
    const branch = branchName();
    const key = gatheringKey(projectId, branch);
    let entry = gathering.get(key);
    if (!entry) {
      const timer = setTimeout(() => {
        sendStrings(key).catch((error: unknown) =>
          logger.error({ err: error, projectId }, "webhook deliveries not queued"),
        );
      }, coalesceMs);
      timer.unref();
      entry = { projectId, branch, strings: new Map(), timer };
      gathering.set(key, entry);
    }
    entry.strings.set(`${keyId}\u0000${language}`, { keyId, language });
  }

  /**
   * review.completed once per completion: the review's status as the database has it now, and a
   * mark claimed in the database, so neither a later edit of the completed review nor another
   * server process seeing the same review sends it again.
   */
  async function reviewCompleted(projectId: string, reviewId: string) {
    const review = await selectReviewStatus(db, reviewId);
    if (!review) return;
    if (review.status !== "completed") {
      await forgetReviewCompletion(db, reviewId);
      return;
    }
    if (await claimReviewCompletion(db, reviewId)) {
      await enqueue(projectId, "review.completed", { reviewId, title: review.title });
    }
  }

  return {
    enqueue,
    async observe(projectId, events) {
      for (const event of events) {
        switch (event.type) {
          case "string.updated":
            gatherString(projectId, event.data.keyId, event.data.language);
            break;
          case "key.created":
            await enqueue(projectId, "key.created", { keyId: event.data.keyId, key: event.data.key });
            break;
          case "key.deleted":
            await enqueue(projectId, "key.deleted", { keyId: event.data.keyId });
            break;
          case "import.completed":
            await enqueue(projectId, "import.completed", event.data);
            break;
          case "batch.updated":
            if (event.data.status === "completed") await enqueue(projectId, "batch.completed", event.data);
            break;
          case "review.updated":
            if (!event.data.deleted) await reviewCompleted(projectId, event.data.reviewId);
            break;
          default:
            break;
        }
      }
    },
    async ping(projectId, webhookId) {
      const payload = payloadOf(projectId, "ping", { message: "A test delivery from Sprog" });
      await queueDeliveries(db, queue, [{ webhookId, payload, attempt: 1, firstQueuedAt: Date.now() }]);
      return payload.id;
    },
    async flush() {
      for (const key of [...gathering.keys()]) await sendStrings(key);
    },
  };
}

/**
 * The bus every feature publishes on, with webhook deliveries queued after each publish. Queued
 * here, where the change happened, rather than by a bus listener: every server process hears every
 * event, so listeners would queue each delivery once per process. A failure to queue is logged and
 * never fails the request that made the change.
 */
export function withWebhooks(bus: EventBus, dispatch: WebhookDispatch, logger: Logger): EventBus {
  return {
    ...bus,
    async publish(projectId, events) {
      await bus.publish(projectId, events);
      // Not awaited: the request that made the change answers without waiting for the queue.
      void dispatch.observe(projectId, events).catch((error: unknown) => {
        logger.error({ err: error, projectId }, "webhook deliveries not queued");
      });
    },
  };
}
