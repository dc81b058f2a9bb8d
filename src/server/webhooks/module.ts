import type { Core } from "../modules/feature-module.ts";
import { webhookDeliveryJob } from "./delivery.job.ts";
import { webhookRoutes } from "./routes.ts";
import type { WebhookDispatch } from "./webhook-dispatch.ts";
import { createWebhookService } from "./webhook-service.ts";

/**
 * Project webhooks: the settings routes and the delivery job. The dispatch that queues deliveries
 * is made in the composition root, where it wraps the event bus every feature publishes on.
 */
export function webhooksModule(core: Core, deps: { dispatch: WebhookDispatch }) {
  const { db, access, queue, mailer, logger, config } = core;
  const allowPrivate = config.WEBHOOK_ALLOW_PRIVATE === "1";
  const webhooks = createWebhookService({ db, dispatch: deps.dispatch, allowPrivate });
  return {
    name: "webhooks",
    routes: webhookRoutes(webhooks, access),
    jobs: [
      webhookDeliveryJob({
        db,
        queue,
        mailer,
        logger,
        settings: {
          allowPrivate,
          retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
          disableAfterFailures: config.WEBHOOK_DISABLE_AFTER_FAILURES,
          publicUrl: config.publicUrl,
        },
      }),
    ],
    webhooks,
  };
}
