import { z } from "zod";

/** What a project webhook can be told about (issue 20). */
export const WEBHOOK_EVENTS = [
  "string.updated",
  "key.created",
  "key.deleted",
  "import.completed",
  "batch.completed",
  "review.completed",
  "branch.merged",
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
/** The event of a "Send test" delivery: not one a hook subscribes to, so it is always sent. */
export const WEBHOOK_TEST_EVENT = "ping";

export const WEBHOOK_URL_MAX = 2000;
/** Deliveries kept per hook in the log; older ones are deleted as new ones are written. */
export const WEBHOOK_LOG_SIZE = 100;
/** Characters of a receiver's answer kept in the log. */
export const WEBHOOK_RESPONSE_KEEP = 1024;

const webhookUrl = z
  .string()
  .trim()
  .min(1, "Enter the webhook URL")
  .max(WEBHOOK_URL_MAX, `The URL must be at most ${WEBHOOK_URL_MAX} characters`)
  // zod's own URL check: src/shared has no DOM or Node types, so no global URL here.
  .pipe(z.url({ protocol: /^https?$/, error: "The webhook URL must be an http:// or https:// URL" }));

const webhookEvents = z
  .array(webhookEventSchema)
  .min(1, "Choose at least one event")
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** A project webhook as Project Settings → Webhooks lists it; never its secret. */
export const webhookSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  /** Why the server turned it off (repeated failures); null when enabled or turned off by a person. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

/** The answer of creating a hook: the only time its signing secret is shown. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const createWebhookBodySchema = z.object({
  url: webhookUrl,
  events: webhookEvents,
  enabled: z.boolean().optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** Turning a hook back on clears its failure count and the reason it was turned off. */
export const updateWebhookBodySchema = z.object({
  url: webhookUrl.optional(),
  events: webhookEvents.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

/** One attempt of one delivery, as the log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `X-Sprog-Delivery` header: the same for every attempt of one delivery. */
  deliveryId: z.string(),
  event: z.string(),
  attempt: z.number().int(),
  status: z.enum(["succeeded", "failed"]),
  responseCode: z.number().int().nullable(),
  /** The receiver's answer, its first 1 KB. */
  responseBody: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  /** Why it failed: the receiver's status, a time-out, a refused or unreachable address. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Newest first, the last 100. */
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

export const webhookTestAnswerSchema = z.object({ deliveryId: z.string() });

/** The JSON body of every delivery; `data` depends on the event. */
export const webhookPayloadSchema = z.object({
  id: z.string(),
  event: z.string(),
  projectId: z.string(),
  /** The branch the change was made on (issue 39): `main`, or a branch's name. */
  branch: z.string(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
