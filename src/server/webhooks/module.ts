import type { Authorize } from "../api-keys/authorize.ts";
import type { Core } from "../modules/feature-module.ts";
import { webhookApiKeyRoutes } from "./api-key-routes.ts";
import { webhookDeliveryJob } from "./delivery.job.ts";
import { webhookRoutes } from "./routes.ts";
import type { WebhookDispatch } from "./webhook-dispatch.ts";
import { createWebhookService } from "./webhook-service.ts";

/**
 * Project webhooks: the settings routes, the same for an API key with the `webhooks:manage` scope
 * at /api/v1/webhooks, and the delivery job. The dispatch that queues deliveries
 * is made in the composition root, where it wraps the event bus every feature publishes on.
 */
export function webhooksModule(core: Core, deps: { dispatch: WebhookDispatch; authorize: Authorize }) {
  const { db, access, queue, mailer, logger, config } = core;
  const allowPrivate = config.WEBHOOK_ALLOW_PRIVATE === "1";
  const webhooks = createWebhookService({ db, dispatch: deps.dispatch, allowPrivate });
  return {
    name: "webhooks",
    routes: webhookRoutes(webhooks, access),
    publicApiRoutes: webhookApiKeyRoutes({ webhooks, authorize: deps.authorize }),
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
    /** The deliveries of changes made just before the stop are queued, not lost. */
    stop: () =>
      deps.dispatch
        .flush()
        .catch((error: unknown) => logger.error({ err: error }, "webhook deliveries not queued")),
  };
}
