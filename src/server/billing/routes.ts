import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute } from "hono-openapi";
import {
  billingPlansQuerySchema,
  billingPlansSchema,
  checkoutAnswerSchema,
  checkoutBodySchema,
  portalAnswerSchema,
  portalBodySchema,
  teamSubscriptionSchema,
  webhookAnswerSchema,
} from "../../shared/schemas/billing.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/app-env.ts";
import { ok, problems } from "../http/openapi.ts";

import { jsonBody, queryParams } from "../http/validate.ts";
import type { BillingService } from "./billing-service.ts";
import type { WebhookHandler } from "./webhooks.ts";

const tags = ["Billing"];
const guarded = { 400: problems[400], 401: problems[401], 403: problems[403], 404: problems[404] };
const conflict = { description: "The team already has a subscription", content: problems[400].content };
const upstream = {
  description: "The billing provider failed or answered unusably",
  content: problems[400].content,
};

/** Stripe's events are a few kilobytes; anything near this is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Plans, a team's subscription, checkout and the billing portal (signed in). */
export function billingRoutes(billing: BillingService) {
  return new Hono<AppEnv>()
    .get(
      "/billing/plans",
      describeRoute({
        tags,
        summary: "The tier plans to buy, in display order (team, enterprise; free with includeFree=true)",
        description:
          "Without billing configured (the self-hosted default) answers `{configured: false, plans: []}`: every " +
          "team has every feature. 404 'No paid plans found.' when the provider sells no team or enterprise " +
          "plan; 502 'Invalid product data' when its catalogue is malformed, 'Failed to load plans' when it fails.",
        responses: { 200: ok(billingPlansSchema), 401: problems[401], 404: problems[404], 502: upstream },
      }),
      queryParams(billingPlansQuerySchema),
      async (c) => c.json(await billing.plans({ includeFree: c.req.valid("query").includeFree })),
    )
    .get(
      "/teams/:teamId/subscription",
      describeRoute({
        tags,
        summary: "The team's subscription, or null when it has none (every member)",
        responses: { 200: ok(teamSubscriptionSchema), ...guarded },
      }),
      async (c) => c.json(await billing.subscription(c.var.user.id, c.req.param("teamId"))),
    )
    .post(
      "/teams/:teamId/billing/checkout",
      describeRoute({
        tags,
        summary: "Start a hosted checkout for a plan, one paid seat per member (owner only)",
        description:
          "The team's first subscription starts with the free trial. The browser goes to `checkoutUrl` and " +
          "comes back to /app/overview?checkout=success. 400 'Cannot initiate purchase. Missing required " +
          "information.' without priceId or productId, another 400 when the price is not one of the plans " +
          "or billing is not configured; 409 when the team " +
          "already has a subscription; 502 'Checkout URL not received from function.' or 'Failed to start " +
          "checkout process.' when the provider fails.",
        responses: { 200: ok(checkoutAnswerSchema), ...guarded, 409: conflict, 502: upstream },
      }),
      jsonBody(checkoutBodySchema),
      async (c) => c.json(await billing.checkout(c.var.user, c.req.param("teamId"), c.req.valid("json"))),
    )
    .post(
      "/teams/:teamId/billing/portal",
      describeRoute({
        tags,
        summary: "Open the billing portal to manage the team's subscription (owner only)",
        description:
          "`returnUrl` (a page of this app) is where the portal sends the browser back. 404 when the team has " +
          "no subscription; 502 'Portal URL not received from function.' or 'Failed to create portal session.'.",
        responses: { 200: ok(portalAnswerSchema), ...guarded, 502: upstream },
      }),
      jsonBody(portalBodySchema),
      async (c) => c.json(await billing.portal(c.var.user.id, c.req.param("teamId"), c.req.valid("json"))),
    );
}

/**
 * `POST /billing/webhook`: the provider's events, authorized by their signature (not a session), so
 * it is mounted before the session API's origin check. The body is read raw: the signature is over
 * its exact bytes.
 */
export function billingWebhookRoutes(webhooks: WebhookHandler) {
  return new Hono().post(
    "/billing/webhook",
    describeRoute({
      tags,
      summary: "Billing provider webhooks (signed): checkout completed, subscription created/updated/deleted",
      description:
        "Verified with the webhook signing secret (`Stripe-Signature`); a missing or wrong signature answers " +
        "400 and changes nothing. An event delivered again answers 200 with `duplicate: true`.",
      responses: { 200: ok(webhookAnswerSchema), 400: problems[400], 502: upstream },
    }),
    bodyLimit({
      maxSize: MAX_WEBHOOK_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", "Request body too large");
      },
    }),
    async (c) => {
      const body = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await webhooks.handle(body, c.req.header("stripe-signature")));
    },
  );
}
