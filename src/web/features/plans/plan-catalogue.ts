/**
 * Placeholder tier plans until billing arrives (spec point 3, "Tier plan"). Amounts are in minor units,
 * like the billing provider's prices. When src/shared/plans.ts lands, these come from the server.
 */
export type BillingInterval = "month" | "year";

export interface TierPlan {
  tierName: string;
  description: string;
  monthlyAmount: number;
  yearlyAmount: number;
  currency: string;
  features: string[];
}

export const PLACEHOLDER_PLANS: TierPlan[] = [
  {
    tierName: "Team",
    description: "For product teams shipping in a handful of languages.",
    monthlyAmount: 2900,
    yearlyAmount: 29000,
    currency: "USD",
    features: ["Unlimited projects", "AI translation with your tone of voice", "Reviews and approvals"],
  },
  {
    tierName: "Enterprise",
    description: "For organisations with many products, languages and reviewers.",
    monthlyAmount: 9900,
    yearlyAmount: 99000,
    currency: "USD",
    features: ["Everything in Team", "API access for CI/CD", "Priority support"],
  },
];

/** '$29.00/month' */
export function displayPrice(amountMinor: number, currency: string, interval: BillingInterval): string {
  const formatted = new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amountMinor / 100);
  return `${formatted}/${interval}`;
}
