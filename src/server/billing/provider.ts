import type { PlanProduct } from "../../shared/plans.ts";
import type { SubscriptionStatus } from "../../shared/schemas/billing.ts";

/**
 * What Sprog needs from a billing provider (issue 8). `stripe-provider.ts` is the one adapter; the
 * rules (who may buy, trials, seats, idempotency) live in the billing service and the webhook
 * handler, so another provider only has to speak this interface. Methods throw AppError for answers
 * that cannot be used (the spec's texts) and let the provider's own errors through: the service
 * turns those into the operation's message.
 */
export interface BillingProvider {
  readonly name: "stripe";
  /** The active products with a `metadata.tier`, each with its active monthly and yearly prices. */
  listPlans(): Promise<PlanProduct[]>;
  /** A hosted checkout for one subscription of `seats` seats; `url` is where the browser goes. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string | null }>;
  /** A hosted billing-portal session of the customer, returning to `returnUrl`. */
  createPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string | null }>;
  /** The subscription as the provider has it now. */
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Sets the subscription's quantity (seats); answers the updated subscription. */
  setSeats(request: {
    subscriptionId: string;
    itemId: string | null;
    quantity: number;
  }): Promise<ProviderSubscription>;
  /** Ends the subscription now (its team was deleted: nobody is left to pay for it or use it). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Verifies a webhook's signature over the raw body and reads the event. A missing or wrong
   * signature throws AppError 400 (nothing may change then).
   */
  parseWebhook(rawBody: Uint8Array, signature: string | undefined): BillingEvent;
}

export interface CheckoutRequest {
  teamId: string;
  priceId: string;
  productId: string;
  /** The team's member count: every member is a paid seat. */
  seats: number;
  /** Days of free trial (the team's first subscription only); null: none. */
  trialDays: number | null;
  /** The team's customer from an earlier subscription, so its history stays in one place. */
  customerId: string | null;
  /** Prefills the checkout for a new customer. */
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A subscription as the provider tells it, in Sprog's terms. */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  status: SubscriptionStatus;
  /** The subscription's one item (its quantity is the seats). */
  itemId: string | null;
  priceId: string | null;
  productId: string | null;
  productName: string | null;
  quantity: number;
  /** End of the current period, or the scheduled cancellation. */
  renewalDate: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  /** The team it was bought for (set at checkout), when the provider carries it. */
  teamId: string | null;
}

/** A verified webhook event, reduced to what Sprog acts on. */
export type BillingEvent = { id: string; type: string } & (
  | {
      kind: "checkout.completed";
      teamId: string | null;
      subscriptionId: string | null;
    }
  | {
      kind: "subscription.changed";
      subscriptionId: string;
      teamId: string | null;
      /**
       * The subscription as the event carries it. `final` (deleted): nothing newer can come, so it
       * is used as is; otherwise the current state is fetched, since events can arrive out of order.
       */
      snapshot: ProviderSubscription;
      final: boolean;
    }
  | { kind: "ignored" }
);
