import type { Kysely } from "kysely";
import { BILLING_ERRORS, type WebhookAnswer } from "../../shared/schemas/billing.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { BillingService } from "./billing-service.ts";
import type { BillingProvider, ProviderSubscription } from "./provider.ts";
import { billingEventSeen, memberCount, recordBillingEvent } from "./queries.ts";
import { isLive, saveSubscription } from "./subscription-store.ts";

/**
 * The billing provider's webhooks (issue 8): checkout completed and subscription created, updated
 * and deleted keep the team's subscription row as the provider has it.
 *
 * - The signature over the raw body is checked first: a missing or wrong one answers 400 and
 *   changes nothing.
 * - Each event id is processed once (`billing_events`): a redelivered event answers 200 with
 *   `duplicate: true` and changes nothing. The id is recorded in the transaction that writes the
 *   row, so a failure records nothing and the provider's retry gets another go.
 * - Events can arrive out of order, so the subscription's current state is fetched from the
 *   provider rather than taken from the event (a 'deleted' event is final and used as it is).
 *   A failed fetch answers 502: the provider retries later.
 * - Seats: when the provider's quantity differs from the team's member count (a seat update that
 *   failed earlier), it is set again.
 */
export function createWebhookHandler(deps: {
  db: Kysely<DB>;
  provider: BillingProvider | null;
  billing: BillingService;
  logger: Logger;
}) {
  const { db, provider, billing, logger } = deps;

  async function fetchState(from: BillingProvider, subscriptionId: string): Promise<ProviderSubscription> {
    try {
      return await from.getSubscription(subscriptionId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error, subscriptionId }, "billing webhook: fetching the subscription failed");
      throw new AppError("upstream_failed", "Could not read the subscription from the billing provider");
    }
  }

  return {
    async handle(rawBody: Uint8Array, signature: string | undefined): Promise<WebhookAnswer> {
      if (!provider) throw new AppError("bad_request", BILLING_ERRORS.notConfigured);
      const event = provider.parseWebhook(rawBody, signature);

      if (await billingEventSeen(db, event.id)) return { received: true, duplicate: true };

      let state: ProviderSubscription | null = null;
      let teamHint: string | null = null;
      if (event.kind === "checkout.completed" && event.subscriptionId) {
        state = await fetchState(provider, event.subscriptionId);
        teamHint = event.teamId;
      } else if (event.kind === "subscription.changed") {
        state = event.final ? event.snapshot : await fetchState(provider, event.subscriptionId);
        teamHint = event.teamId;
      }

      const outcome = await db.transaction().execute(async (trx) => {
        const recorded = await recordBillingEvent(trx, {
          id: event.id,
          provider: provider.name,
          type: event.type,
        });
        // Delivered twice at the same moment: the other delivery did the work.
        if (!recorded) return { duplicate: true, teamId: null };
        if (!state) return { duplicate: false, teamId: null };
        const teamId = await saveSubscription(trx, { provider: provider.name, state, teamHint, logger });
        return { duplicate: false, teamId };
      });
      if (outcome.duplicate) return { received: true, duplicate: true };

      if (outcome.teamId && state && isLive(state.status)) {
        const members = await memberCount(db, outcome.teamId);
        if (Math.max(1, members) !== state.quantity) await billing.syncSeats(outcome.teamId);
      }
      logger.info(
        { eventId: event.id, type: event.type, teamId: outcome.teamId },
        "billing webhook processed",
      );
      return { received: true, duplicate: false };
    },
  };
}

export type WebhookHandler = ReturnType<typeof createWebhookHandler>;
