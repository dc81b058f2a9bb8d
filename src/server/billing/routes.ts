import { bodyLimit } from "hono/body-limit";
import { billingContract } from "../../shared/contract/billing.ts";
import { AppError } from "../errors.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { BillingService } from "./billing-service.ts";
import type { WebhookHandler } from "./webhooks.ts";

/** Stripe's events are a few kilobytes; anything near this is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

const { webhook, ...signedIn } = billingContract;

/** Plans, a team's subscription, checkout and the billing portal (signed in). */
export function billingRoutes(billing: BillingService) {
  return contractRoutes(signedIn, {
    plans: ({ query }) => billing.plans({ includeFree: query.includeFree }),
    subscription: ({ params }, c) => billing.subscription(c.var.user.id, params.teamId),
    checkout: ({ params, body }, c) => billing.checkout(c.var.user, params.teamId, body),
    portal: ({ params, body }, c) => billing.portal(c.var.user.id, params.teamId, body),
  });
}

/**
 * `POST /billing/webhook`: the provider's events, authorized by their signature (not a session), so
 * it is mounted before the session API's origin check. The body is read raw: the signature is over
 * its exact bytes.
 */
export function billingWebhookRoutes(webhooks: WebhookHandler) {
  return contractRoutes(
    { webhook },
    {
      webhook: {
        use: [
          bodyLimit({
            maxSize: MAX_WEBHOOK_BYTES,
            onError: () => {
              throw new AppError("payload_too_large", "Request body too large");
            },
          }),
        ],
        handle: async (_input, c) =>
          webhooks.handle(new Uint8Array(await c.req.arrayBuffer()), c.req.header("stripe-signature")),
      },
    },
  );
}
