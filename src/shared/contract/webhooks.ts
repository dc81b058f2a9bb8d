import { z } from "zod";
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookTestAnswerSchema,
} from "../schemas/webhooks.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, guarded } from "./route.ts";

const webhooks = endpoint.route({ tags: ["Webhooks"] });
const inProject = z.object({ params: pathParams("projectId") });
const oneHook = z.object({ params: pathParams("projectId", "id") });

/**
 * Project Settings → Webhooks (owner and admin: `webhooks.manage`). Deliveries are signed:
 * `X-Sprog-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the hook's secret>`.
 */
export const webhooksContract = {
  list: webhooks
    .route({
      method: "GET",
      path: "/projects/{projectId}/webhooks",
      summary: "The project's webhooks, oldest first",
      description: "Never their secrets.",
    })
    .errors(guarded)
    .input(inProject)
    .output(webhookListSchema),
  create: webhooks
    .route({
      method: "POST",
      path: "/projects/{projectId}/webhooks",
      successStatus: 201,
      successDescription: "Created; `secret` is shown this once",
      summary: "Create a webhook",
      description: [
        "Only http(s) URLs whose host is not a loopback, private, link-local or unique-local address. The answer's `secret` signs every delivery and is shown only now.",
        'Each delivery is a `POST` of JSON `{ id, event, projectId, createdAt, data }` with the headers `X-Sprog-Event`, `X-Sprog-Delivery` (the same on every retry) and `X-Sprog-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`. Receivers recompute the HMAC over the raw body, compare in constant time, and refuse a `t` more than 5 minutes from their clock (the replay window).',
        "A receiver has 10 s to answer 2xx; otherwise the delivery is retried with growing waits for 24 h, and a hook that keeps failing is turned off and the project owners e-mailed. The first 1 KB of each answer is kept in the delivery log (last 100 attempts).",
      ].join("\n\n"),
    })
    .errors(changing)
    .input(inProject.extend({ body: createWebhookBodySchema }))
    .output(createdWebhookSchema),
  update: webhooks
    .route({
      method: "PATCH",
      path: "/projects/{projectId}/webhooks/{id}",
      summary: "Change a webhook's URL or events, or turn it on or off",
      description: "Turning it on again clears its failure count.",
    })
    .errors(changing)
    .input(oneHook.extend({ body: updateWebhookBodySchema }))
    .output(webhookSchema),
  remove: webhooks
    .route({
      method: "DELETE",
      path: "/projects/{projectId}/webhooks/{id}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete a webhook and its delivery log",
    })
    .errors(guarded)
    .input(oneHook),
  test: webhooks
    .route({
      method: "POST",
      path: "/projects/{projectId}/webhooks/{id}/test",
      successStatus: 202,
      successDescription: "Queued; the attempt shows in the delivery log",
      summary: "Send a test delivery (event `ping`)",
    })
    .errors(guarded)
    .input(oneHook)
    .output(webhookTestAnswerSchema),
  deliveries: webhooks
    .route({
      method: "GET",
      path: "/projects/{projectId}/webhooks/{id}/deliveries",
      summary: "The webhook's last 100 delivery attempts, newest first",
    })
    .errors(guarded)
    .input(oneHook)
    .output(webhookDeliveryListSchema),
};
