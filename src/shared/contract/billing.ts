import { z } from "zod";
import {
  billingPlansQuerySchema,
  billingPlansSchema,
  checkoutAnswerSchema,
  checkoutBodySchema,
  portalAnswerSchema,
  portalBodySchema,
  teamSubscriptionSchema,
  webhookAnswerSchema,
} from "../schemas/billing.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf } from "./route.ts";

const billing = endpoint.route({ tags: ["Billing"] });
const team = pathParams("teamId");
const upstream = { status: 502, message: "The billing provider failed or answered unusably" } as const;

/** Plans, a team's subscription, checkout and the billing portal; the provider's signed webhooks. */
export const billingContract = {
  plans: billing
    .route({
      method: "GET",
      path: "/billing/plans",
      summary: "The tier plans to buy, in display order (team, enterprise; free with includeFree=true)",
      description:
        "Without billing configured (the self-hosted default) answers `{configured: false, plans: []}`: every " +
        "team has every feature. 404 'No paid plans found.' when the provider sells no team or enterprise " +
        "plan; 502 'Invalid product data' when its catalogue is malformed, 'Failed to load plans' when it fails.",
    })
    .errors({ unauthorized: errorsOf[401], not_found: errorsOf[404], upstream_failed: upstream })
    .input(z.object({ query: billingPlansQuerySchema }))
    .output(billingPlansSchema),
  subscription: billing
    .route({
      method: "GET",
      path: "/teams/{teamId}/subscription",
      summary: "The team's subscription, or null when it has none (every member)",
    })
    .errors(changing)
    .input(z.object({ params: team }))
    .output(teamSubscriptionSchema),
  checkout: billing
    .route({
      method: "POST",
      path: "/teams/{teamId}/billing/checkout",
      summary: "Start a hosted checkout for a plan, one paid seat per member (owner only)",
      description:
        "The team's first subscription starts with the free trial. The browser goes to `checkoutUrl` and " +
        "comes back to /app/overview?checkout=success. 400 'Cannot initiate purchase. Missing required " +
        "information.' without priceId or productId, another 400 when the price is not one of the plans " +
        "or billing is not configured; 409 when the team " +
        "already has a subscription; 502 'Checkout URL not received from function.' or 'Failed to start " +
        "checkout process.' when the provider fails.",
    })
    .errors({
      ...changing,
      conflict: { status: 409, message: "The team already has a subscription" },
      upstream_failed: upstream,
    })
    .input(z.object({ params: team, body: checkoutBodySchema }))
    .output(checkoutAnswerSchema),
  portal: billing
    .route({
      method: "POST",
      path: "/teams/{teamId}/billing/portal",
      summary: "Open the billing portal to manage the team's subscription (owner only)",
      description:
        "`returnUrl` (a page of this app) is where the portal sends the browser back. 404 when the team has " +
        "no subscription; 502 'Portal URL not received from function.' or 'Failed to create portal session.'.",
    })
    .errors({ ...changing, upstream_failed: upstream })
    .input(z.object({ params: team, body: portalBodySchema }))
    .output(portalAnswerSchema),
  /** The body is read raw by the server: the signature is over its exact bytes. */
  webhook: billing
    .route({
      method: "POST",
      path: "/billing/webhook",
      summary: "Billing provider webhooks (signed): checkout completed, subscription created/updated/deleted",
      description:
        "Verified with the webhook signing secret (`Stripe-Signature`); a missing or wrong signature answers " +
        "400 and changes nothing. An event delivered again answers 200 with `duplicate: true`.",
    })
    .errors({ bad_request: errorsOf[400], upstream_failed: upstream })
    .output(webhookAnswerSchema),
};
