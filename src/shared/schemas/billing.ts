import { z } from "zod";

/**
 * Billing (issue 8; spec points 2 'choose-plan' and 'Your plan', 3 Subscriptions/Product/Tier plan,
 * 4, 5, 7, 8 and 9). Plans are paid per team; every member is a paid seat. Without a billing
 * provider configured (the self-hosted default) every team has every feature and nothing is sold.
 */

/** The spec's texts (point 5 and point 8 "Billing"), answered by the server and shown by the web. */
export const BILLING_ERRORS = {
  missingPurchaseInfo: "Cannot initiate purchase. Missing required information.",
  missingManageInfo: "Cannot manage subscription. Missing required information.",
  invalidProductData: "Invalid product data",
  noPaidPlans: "No paid plans found.",
  checkoutUrlMissing: "Checkout URL not received from function.",
  portalUrlMissing: "Portal URL not received from function.",
  checkoutFailed: "Failed to start checkout process.",
  portalFailed: "Failed to create portal session.",
  plansFailed: "Failed to load plans",
  productsUnknown: "Failed to load products due to an unknown error.",
  subscriptionFailed: "Failed to load subscription details.",
  // Sprog's own (the spec's product had a provider always configured).
  notConfigured: "Billing is not enabled on this server: every team has every feature.",
  unknownPlan: "This plan is not available. Please choose another one.",
  alreadySubscribed: "This team already has a subscription. Manage it instead of buying another.",
  noSubscription: "This team has no subscription to manage.",
  invalidReturnUrl: "The return address must be a page of this app.",
  invalidSignature: "Invalid webhook signature",
} as const;

/** What the plan screens say instead of offering purchases when billing is off. */
export const BILLING_NOT_CONFIGURED_NOTICE =
  "Billing is not enabled on this server, so every team has every feature. There is nothing to buy.";

/** Spec point 3: a product's `metadata.tier`. Point 9: shown in this order (free only in a debug block). */
export const TIERS = ["team", "enterprise", "free"] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;
export const PAID_TIERS = ["team", "enterprise"] as const satisfies readonly Tier[];

/** Spec point 9: billing intervals. */
export const BILLING_INTERVALS = ["month", "year"] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/**
 * Spec point 3 "Tier plan (derived)": one card per tier, with its monthly and yearly price (either
 * may be missing). Amounts are in minor units; `…DisplayPrice` is spec point 9's text ('$29.00/month',
 * 'Free').
 */
export const tierPlanSchema = z.object({
  tier: tierSchema,
  /** Capitalised tier: 'Team', 'Enterprise', 'Free'. */
  tierName: z.string(),
  /** The monthly product's description, else the yearly one's. */
  description: z.string(),
  /** The monthly price's currency, else the yearly one's (lower case, as the provider gives it). */
  currency: z.string(),
  monthlyPriceId: z.string().nullable(),
  monthlyDisplayPrice: z.string().nullable(),
  monthlyAmount: z.number().int().nullable(),
  monthlyProductId: z.string().nullable(),
  yearlyPriceId: z.string().nullable(),
  yearlyDisplayPrice: z.string().nullable(),
  yearlyAmount: z.number().int().nullable(),
  yearlyProductId: z.string().nullable(),
});
export type TierPlan = z.infer<typeof tierPlanSchema>;

/**
 * `configured: false`: billing is off and `plans` is empty (the screens say so plainly). Otherwise
 * the paid tiers in display order (team, enterprise), plus free with `includeFree=true`.
 */
export const billingPlansSchema = z.object({
  configured: z.boolean(),
  plans: z.array(tierPlanSchema),
});
export type BillingPlans = z.infer<typeof billingPlansSchema>;

export const billingPlansQuerySchema = z.object({
  includeFree: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => value === "true" || value === "1"),
});

/** The billing status alone (whether purchases exist on this server). */
export const billingStatusSchema = z.object({ configured: z.boolean() });
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** The provider's subscription states. 'Present' (spec point 4) means any but the two ended ones. */
export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
export const ENDED_SUBSCRIPTION_STATUSES = [
  "canceled",
  "incomplete_expired",
] as const satisfies readonly SubscriptionStatus[];

/** Spec point 3 Subscriptions (one per team): status, product_name, renewal_date, cancel_at_period_end, seats. */
export const subscriptionSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  status: subscriptionStatusSchema,
  productName: z.string().nullable(),
  /** End of the current period (ISO): 'Renews on' or 'Expires on' (spec point 4). */
  renewalDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Paid seats: the team's member count, kept in step with the provider's quantity. */
  seats: z.number().int(),
  /** End of the free trial (ISO) while there is one. The spec does not show its length. */
  trialEnd: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * `subscription` is null when the team never bought one (the spec's PGRST116 'no row' case, which is
 * not an error). A row with an ended status is returned too: the screens then offer plans again.
 */
export const teamSubscriptionSchema = z.object({
  configured: z.boolean(),
  subscription: subscriptionSchema.nullable(),
});
export type TeamSubscription = z.infer<typeof teamSubscriptionSchema>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message).max(255, message);

/** Spec point 5: a purchase needs a price id and a product id (the team is the path's). */
export const checkoutBodySchema = z.object(
  {
    priceId: required(BILLING_ERRORS.missingPurchaseInfo),
    productId: required(BILLING_ERRORS.missingPurchaseInfo),
  },
  { error: BILLING_ERRORS.missingPurchaseInfo },
);
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const checkoutAnswerSchema = z.object({ checkoutUrl: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;

/** Spec point 7: the billing portal returns to the current page (a page of this app). */
export const portalBodySchema = z.object(
  { returnUrl: required(BILLING_ERRORS.missingManageInfo).pipe(z.url(BILLING_ERRORS.invalidReturnUrl)) },
  { error: BILLING_ERRORS.missingManageInfo },
);
export type PortalBody = z.infer<typeof portalBodySchema>;

export const portalAnswerSchema = z.object({ portalUrl: z.string() });
export type PortalAnswer = z.infer<typeof portalAnswerSchema>;

/**
 * Where checkout sends the browser back. Success carries `?checkout=success`, which the app turns
 * into a redirect (replace) to /app/overview (spec point 2); a cancelled checkout returns to the team.
 */
export const CHECKOUT_SUCCESS_PATH = "/app/overview?checkout=success";
export const CHECKOUT_CANCEL_PATH = "/app/team?checkout=cancelled";

export const webhookAnswerSchema = z.object({
  received: z.literal(true),
  /** The event was processed before (a redelivery): nothing changed this time. */
  duplicate: z.boolean(),
});
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;
