import type { Kysely } from "kysely";
import { WEBHOOK_TEST_EVENT } from "../../shared/schemas/webhooks.ts";
import type { DB } from "../db/schema.ts";
import type { JobQueue, JobWorker } from "../jobs/job-queue.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { webhookDisabledEmail } from "../mail/webhook-disabled-email.ts";
import {
  countFailure,
  disableHook,
  logAttempt,
  resetFailures,
  selectHook,
  selectProjectOwners,
  type WebhookRow,
} from "./queries.ts";
import { postDelivery } from "./send-request.ts";
import { signatureHeader } from "./signature.ts";
import { queueDeliveries, WEBHOOK_QUEUE, WEBHOOK_QUEUE_SETTINGS } from "./webhook-dispatch.ts";

/** A delivery is retried for this long after it was first queued. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = 4 * 60 * 60 * 1000;

export interface DeliverySettings {
  allowPrivate: boolean;
  /** The first retry waits this long; each next one twice as long, at most 4 h. */
  retryBaseMs: number;
  /**
   * The hook is turned off when one delivery has failed this many attempts and nothing has
   * succeeded in between (the hook's failures in a row reached it too).
   */
  disableAfterFailures: number;
  /** Where the e-mail sends the owner: the app's address. */
  publicUrl: string;
}

export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/**
 * One attempt of one delivery: POST the signed body, log the attempt, and on failure queue the next
 * attempt after a growing wait, or turn the hook off (and e-mail the project's owners) when it has
 * failed too often in a row or the delivery's 24 h are over. A `ping` ("Send test") is tried once
 * and changes nothing about the hook.
 */
export function webhookDeliveryJob(deps: {
  db: Kysely<DB>;
  queue: JobQueue;
  mailer: Mailer;
  logger: Logger;
  settings: DeliverySettings;
}): JobWorker<typeof WEBHOOK_QUEUE> {
  const { db, queue, mailer, logger, settings } = deps;

  async function turnOff(hook: WebhookRow, reason: string) {
    if (!(await disableHook(db, hook.id, reason))) return;
    const owners = await selectProjectOwners(db, hook.project_id);
    if (!owners) return;
    for (const to of owners.emails) {
      await mailer
        .send(
          webhookDisabledEmail({
            to,
            projectName: owners.projectName,
            url: hook.url,
            reason,
            settingsUrl: settings.publicUrl,
          }),
        )
        .catch((error: unknown) =>
          logger.error({ err: error, webhookId: hook.id }, "webhook e-mail not sent"),
        );
    }
  }

  return {
    queue: WEBHOOK_QUEUE,
    settings: WEBHOOK_QUEUE_SETTINGS,
    concurrency: 4,
    async handle(job) {
      const { webhookId, payload, attempt, firstQueuedAt } = job.data;
      const isTest = payload.event === WEBHOOK_TEST_EVENT;
      const hook = await selectHook(db, webhookId);
      // Deleted, or turned off since this was queued: nothing more to send.
      if (!hook || (!hook.enabled && !isTest)) return;

      const body = JSON.stringify(payload);
      const result = await postDelivery(
        hook.url,
        body,
        {
          "x-sprog-signature": signatureHeader(hook.secret, body, Math.floor(Date.now() / 1000)),
          "x-sprog-event": payload.event,
          "x-sprog-delivery": payload.id,
        },
        { allowPrivate: settings.allowPrivate },
      );
      await logAttempt(db, {
        webhook_id: hook.id,
        delivery_id: payload.id,
        event: payload.event,
        attempt,
        status: result.ok ? "succeeded" : "failed",
        response_code: result.responseCode,
        response_body: result.responseBody,
        latency_ms: result.latencyMs,
        error: result.error,
      });
      if (isTest) return;
      if (result.ok) {
        await resetFailures(db, hook.id);
        return;
      }

      const failures = await countFailure(db, hook.id);
      if (failures === undefined) return;
      const delay = retryDelayMs(attempt, settings.retryBaseMs);
      // Both: a burst of queued deliveries failing during a short outage is not a hook to turn off,
      // nor is one delivery the receiver refuses while it takes the others.
      if (failures >= settings.disableAfterFailures && attempt >= settings.disableAfterFailures) {
        await turnOff(hook, `${failures} failed attempts in a row; the last: ${result.error ?? "failed"}`);
        return;
      }
      if (Date.now() + delay - firstQueuedAt > RETRY_WINDOW_MS) {
        await turnOff(
          hook,
          `A delivery kept failing for 24 hours; the last attempt: ${result.error ?? "failed"}`,
        );
        return;
      }
      logger.info(
        { webhookId, delivery: payload.id, attempt, error: result.error },
        "webhook delivery failed; retrying",
      );
      await queueDeliveries(db, queue, [{ ...job.data, attempt: attempt + 1 }], {
        startAfter: new Date(Date.now() + delay),
      });
    },
  };
}
