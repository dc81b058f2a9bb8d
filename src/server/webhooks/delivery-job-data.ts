import type { WebhookPayload } from "../../shared/schemas/webhooks.ts";

/** What one webhook delivery job carries: the hook, the body to send, and which attempt this is. */
export interface WebhookDeliveryJob {
  webhookId: string;
  payload: WebhookPayload;
  /** 1 for the first attempt. */
  attempt: number;
  /** When the first attempt was queued (ms since epoch): retries stop 24 h after it. */
  firstQueuedAt: number;
}
