import Stripe from "stripe";
import { z } from "zod";
import type { PlanPrice, PlanProduct } from "../../shared/plans.ts";
import { BILLING_ERRORS, subscriptionStatusSchema, TIERS, type Tier } from "../../shared/schemas/billing.ts";
import { type Config, ConfigError } from "../config.ts";
import { AppError } from "../errors.ts";
import type { BillingEvent, BillingProvider, CheckoutRequest, ProviderSubscription } from "./provider.ts";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (stripe-mock, the tests' loopback server); unset: api.stripe.com. */
  apiBase?: string | undefined;
}

/** Pages of 100; a catalogue larger than this many pages is not a plan list. */
const MAX_PAGES = 20;
/** The subscription with its item's price and product (for the product's name). */
const EXPAND_PRODUCT = ["items.data.price.product"];

const invalidProductData = () => new AppError("upstream_failed", BILLING_ERRORS.invalidProductData);

/** What a product must look like once it says it is a plan (has a known `metadata.tier`). */
const planProductSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string().nullish(),
  default_price: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
});
const planPriceSchema = z.object({
  id: z.string().min(1),
  unit_amount: z.number().int().min(0),
  currency: z.string().min(1),
  recurring: z.object({ interval: z.string(), interval_count: z.number().int().optional() }),
});

const idOf = (value: unknown): string | null => {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "id" in value && typeof value.id === "string") return value.id;
  return null;
};

const dateOf = (seconds: unknown): Date | null =>
  typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;

const tierOf = (metadata: unknown): Tier | null => {
  const tier = (metadata as Record<string, unknown> | null | undefined)?.tier;
  if (typeof tier !== "string") return null;
  const normalised = tier.trim().toLowerCase();
  return (TIERS as readonly string[]).includes(normalised) ? (normalised as Tier) : null;
};

/** A Stripe subscription object (retrieved, updated, or an event's snapshot) in Sprog's terms. */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0];
  const product = item?.price?.product;
  const status = subscriptionStatusSchema.safeParse(subscription.status);
  const cancelAt = dateOf(subscription.cancel_at);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    // A status Sprog does not know yet is treated as not (yet) paid for.
    status: status.success ? status.data : "incomplete",
    itemId: item?.id ?? null,
    priceId: item?.price?.id ?? null,
    productId: idOf(product),
    productName: product && typeof product === "object" && "name" in product ? product.name : null,
    quantity: item?.quantity ?? 1,
    renewalDate: cancelAt ?? dateOf(item?.current_period_end),
    // The portal may cancel "at period end" or schedule `cancel_at`: either way it ends then.
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true || cancelAt !== null,
    trialEnd: dateOf(subscription.trial_end),
    teamId: typeof subscription.metadata?.teamId === "string" ? subscription.metadata.teamId : null,
  };
}

/** The Stripe adapter, on the official `stripe` client (products with prices, Checkout, Billing Portal). */
export function createStripeProvider(options: StripeProviderOptions): BillingProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Sprog" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });

  /** Every page of a list; an answer without a `data` array is not product data (spec point 5). */
  async function listAll(
    list: (params: {
      limit: number;
      starting_after?: string;
    }) => Promise<{ data: unknown; has_more: boolean }>,
  ): Promise<unknown[]> {
    const all: unknown[] = [];
    let startingAfter: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await list({ limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) });
      if (!answer || !Array.isArray(answer.data)) throw invalidProductData();
      all.push(...answer.data);
      const last = idOf(answer.data.at(-1));
      if (!answer.has_more || !last) break;
      startingAfter = last;
    }
    return all;
  }

  async function getSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return toProviderSubscription(
      await stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND_PRODUCT }),
    );
  }

  return {
    name: "stripe",
    getSubscription,

    async listPlans() {
      const [products, prices] = await Promise.all([
        listAll((params) => stripe.products.list({ active: true, ...params })),
        listAll((params) => stripe.prices.list({ active: true, ...params })),
      ]);
      const plans: PlanProduct[] = [];
      for (const raw of products) {
        const tier = tierOf((raw as { metadata?: unknown } | null)?.metadata);
        // Products without a tier are not Sprog plans (the account may sell other things).
        if (!tier) continue;
        const product = planProductSchema.safeParse(raw);
        if (!product.success) throw invalidProductData();
        const own = prices.filter(
          (price) => idOf((price as { product?: unknown } | null)?.product) === product.data.id,
        );
        const defaultPrice = idOf(product.data.default_price);
        const ordered = [
          ...own.filter((price) => idOf(price) === defaultPrice),
          ...own.filter((price) => idOf(price) !== defaultPrice),
        ];
        const planPrices: PlanPrice[] = [];
        for (const rawPrice of ordered) {
          const recurring = (rawPrice as { recurring?: unknown } | null)?.recurring;
          // One-time prices are not plans.
          if (!recurring) continue;
          const price = planPriceSchema.safeParse(rawPrice);
          if (!price.success) throw invalidProductData();
          const { interval, interval_count: count = 1 } = price.data.recurring;
          if ((interval !== "month" && interval !== "year") || count !== 1) continue;
          planPrices.push({
            id: price.data.id,
            amount: price.data.unit_amount,
            currency: price.data.currency,
            interval,
            amountType: price.data.unit_amount === 0 ? "free" : "fixed",
          });
        }
        if (planPrices.length === 0) continue;
        plans.push({
          id: product.data.id,
          name: product.data.name,
          description: product.data.description ?? null,
          tier,
          prices: planPrices,
        });
      }
      return plans;
    },

    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: request.priceId, quantity: request.seats }],
        client_reference_id: request.teamId,
        metadata: { teamId: request.teamId, productId: request.productId },
        subscription_data: {
          metadata: { teamId: request.teamId },
          ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
        },
        ...(request.customerId
          ? { customer: request.customerId }
          : request.customerEmail
            ? { customer_email: request.customerEmail }
            : {}),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      return { url: typeof session?.url === "string" && session.url !== "" ? session.url : null };
    },

    async createPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: typeof session?.url === "string" && session.url !== "" ? session.url : null };
    },

    async setSeats({ subscriptionId, itemId, quantity }) {
      const item = itemId ?? (await getSubscription(subscriptionId)).itemId;
      if (!item) throw new AppError("upstream_failed", "The subscription has no item to set seats on");
      const updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item, quantity }],
        proration_behavior: "create_prorations",
        expand: EXPAND_PRODUCT,
      });
      return toProviderSubscription(updated);
    },

    async cancelSubscription(subscriptionId) {
      // No proration credit: the team and everything it paid for is gone.
      await stripe.subscriptions.cancel(subscriptionId);
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new AppError("bad_request", BILLING_ERRORS.invalidSignature);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(Buffer.from(rawBody), signature, options.webhookSecret);
      } catch {
        throw new AppError("bad_request", BILLING_ERRORS.invalidSignature);
      }
      const head = { id: event.id, type: event.type };
      switch (event.type) {
        case "checkout.session.completed": {
          const session = event.data.object;
          if (session.mode !== "subscription") return { ...head, kind: "ignored" };
          return {
            ...head,
            kind: "checkout.completed",
            teamId: session.client_reference_id ?? session.metadata?.teamId ?? null,
            subscriptionId: idOf(session.subscription),
          };
        }
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted": {
          const snapshot = toProviderSubscription(event.data.object);
          return {
            ...head,
            kind: "subscription.changed",
            subscriptionId: snapshot.id,
            teamId: snapshot.teamId,
            snapshot,
            final: event.type === "customer.subscription.deleted",
          };
        }
        default:
          return { ...head, kind: "ignored" } satisfies BillingEvent;
      }
    },
  };
}

/** The provider `BILLING_PROVIDER` names, or null when billing is off (config.ts checked the secrets). */
export function billingProviderFromConfig(config: Config): BillingProvider | null {
  if (config.BILLING_PROVIDER !== "stripe") return null;
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError("BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  }
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
}
