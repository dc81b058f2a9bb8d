import {
  type BillingInterval,
  ENDED_SUBSCRIPTION_STATUSES,
  PAID_TIERS,
  type Subscription,
  TIERS,
  type Tier,
  type TierPlan,
} from "./schemas/billing.ts";

/**
 * Tier plans, price display and yearly saving (spec points 3, 4 and 9). Pure: the server derives the
 * plans it answers with `deriveTierPlans`, the web shows them with the other helpers.
 */

/** Spec point 3 "Product (plan)": a product of the billing provider with its prices. */
export interface PlanProduct {
  id: string;
  name: string;
  description: string | null;
  tier: Tier;
  prices: PlanPrice[];
}

export interface PlanPrice {
  id: string;
  /** Minor units. */
  amount: number;
  currency: string;
  interval: BillingInterval;
  /** 'free': a price of nothing (shown as 'Free'). */
  amountType: "fixed" | "free";
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * Spec point 9: the amount divided by 100 with two decimals, '$' for USD, otherwise the currency code,
 * then '/' and the interval: '$29.00/month', 'EUR 290.00/year'. A free price shows 'Free'.
 */
export function displayPrice(price: Pick<PlanPrice, "amount" | "currency" | "interval" | "amountType">) {
  if (price.amountType === "free") return "Free";
  return `${displayAmount(price.amount, price.currency)}/${price.interval}`;
}

/** An amount in minor units the way spec point 9 writes prices, without the interval: '$58.00', 'EUR 58.00'. */
export function displayAmount(amount: number, currency: string): string {
  const symbol = currency.toLowerCase() === "usd" ? "$" : `${currency.toUpperCase()} `;
  return `${symbol}${(amount / 100).toFixed(2)}`;
}

/**
 * Spec point 3 "Tier plan (derived)", in the display order of point 9 (team, enterprise, then free
 * when asked: free plans are only shown in a debug block). Per tier, the first monthly and the first
 * yearly price win, taking the tier's products in the provider's order and each product's prices in
 * order. So both set-ups work: one product per interval with one price each (the spec's "the first
 * price is used"), or one product per tier with a monthly and a yearly price (Stripe's usual one).
 * A tier with neither is left out.
 */
export function deriveTierPlans(
  products: PlanProduct[],
  options: { includeFree?: boolean } = {},
): TierPlan[] {
  const plans: TierPlan[] = [];
  for (const tier of TIERS) {
    if (tier === "free" && !options.includeFree) continue;
    const pick = (interval: BillingInterval) => {
      for (const product of products) {
        if (product.tier !== tier) continue;
        const price = product.prices.find((p) => p.interval === interval);
        if (price) return { product, price };
      }
      return undefined;
    };
    const monthly = pick("month");
    const yearly = pick("year");
    const first = monthly ?? yearly;
    if (!first) continue;
    plans.push({
      tier,
      tierName: capitalise(tier),
      description: monthly?.product.description || yearly?.product.description || "",
      currency: first.price.currency,
      monthlyPriceId: monthly?.price.id ?? null,
      monthlyDisplayPrice: monthly ? displayPrice(monthly.price) : null,
      monthlyAmount: monthly?.price.amount ?? null,
      monthlyProductId: monthly?.product.id ?? null,
      yearlyPriceId: yearly?.price.id ?? null,
      yearlyDisplayPrice: yearly ? displayPrice(yearly.price) : null,
      yearlyAmount: yearly?.price.amount ?? null,
      yearlyProductId: yearly?.product.id ?? null,
    });
  }
  return plans;
}

/** Whether the plan list holds anything to buy (spec point 8: 'No paid plans found.'). */
export function hasPaidPlans(plans: TierPlan[]): boolean {
  return plans.some((plan) => (PAID_TIERS as readonly Tier[]).includes(plan.tier));
}

/**
 * Spec point 9: the yearly saving of a team or enterprise plan, when twelve months cost more than a
 * year. Minor units and a whole percentage; null when there is none.
 */
export function yearlySaving(plan: TierPlan): { amount: number; percent: number } | null {
  if (!(PAID_TIERS as readonly Tier[]).includes(plan.tier)) return null;
  if (plan.monthlyAmount === null || plan.yearlyAmount === null) return null;
  const twelveMonths = plan.monthlyAmount * 12;
  if (twelveMonths <= plan.yearlyAmount) return null;
  const amount = twelveMonths - plan.yearlyAmount;
  return { amount, percent: Math.round((amount / twelveMonths) * 100) };
}

/** Spec point 4: 'Cancelled' when active but cancelling at the period's end, else the status. */
export function subscriptionLabel(subscription: Pick<Subscription, "status" | "cancelAtPeriodEnd">): string {
  return subscription.status === "active" && subscription.cancelAtPeriodEnd
    ? "Cancelled"
    : subscription.status;
}

/** Spec point 4: 'Renews on' while active and not cancelling, else 'Expires on'. */
export function subscriptionDateLabel(subscription: Pick<Subscription, "status" | "cancelAtPeriodEnd">) {
  return subscription.status === "active" && !subscription.cancelAtPeriodEnd ? "Renews on" : "Expires on";
}

/**
 * Spec point 4: a present subscription shows plan management, an absent one the plans to buy. A
 * subscription that has ended (cancelled, or never paid) counts as absent.
 */
export function hasCurrentSubscription(subscription: Pick<Subscription, "status"> | null): boolean {
  if (!subscription) return false;
  return !(ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status);
}

/** What one tier card offers for an interval: the price to buy and how it reads. */
export interface IntervalPrice {
  priceId: string;
  productId: string;
  displayPrice: string;
  amount: number;
}

/**
 * The tier's price for `interval`, or null when the tier has none (spec point 5: a purchase needs
 * both a price id and a product id, so a half-filled price cannot be bought either).
 */
export function priceForInterval(plan: TierPlan, interval: BillingInterval): IntervalPrice | null {
  const [priceId, productId, display, amount] =
    interval === "month"
      ? [plan.monthlyPriceId, plan.monthlyProductId, plan.monthlyDisplayPrice, plan.monthlyAmount]
      : [plan.yearlyPriceId, plan.yearlyProductId, plan.yearlyDisplayPrice, plan.yearlyAmount];
  if (!priceId || !productId || display === null || amount === null) return null;
  return { priceId, productId, displayPrice: display, amount };
}

/**
 * The status as a person reads it: subscriptionLabel's 'Cancelled' as is, a provider status
 * capitalised with spaces ('past_due' -> 'Past due').
 */
export function subscriptionStatusText(subscription: Pick<Subscription, "status" | "cancelAtPeriodEnd">) {
  const label = subscriptionLabel(subscription).replaceAll("_", " ");
  return capitalise(label);
}

/**
 * The dated lines of the 'Your plan' section (spec point 4): 'Trial ends on' while trialing, then
 * 'Renews on' / 'Expires on' with the period's end. During a trial the period ends when the trial
 * does; that day is said once, as the trial's end ('Expires on' would wrongly suggest the plan stops).
 */
export function subscriptionDates(
  subscription: Pick<Subscription, "status" | "cancelAtPeriodEnd" | "renewalDate" | "trialEnd">,
): { label: string; date: string }[] {
  const lines: { label: string; date: string }[] = [];
  const trialEnd = subscription.status === "trialing" ? subscription.trialEnd : null;
  if (trialEnd) lines.push({ label: "Trial ends on", date: trialEnd });
  const renewal = subscription.renewalDate;
  const sameDayAsTrial =
    trialEnd !== null && renewal !== null && trialEnd.slice(0, 10) === renewal.slice(0, 10);
  if (renewal && !sameDayAsTrial) lines.push({ label: subscriptionDateLabel(subscription), date: renewal });
  return lines;
}

/** 'N seats' (spec point 1: every member is a paid seat). */
export function seatsText(seats: number): string {
  return seats === 1 ? "1 seat" : `${seats} seats`;
}
