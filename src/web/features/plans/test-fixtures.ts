import type { Role } from "../../../shared/permissions.ts";
import type {
  BillingPlans,
  CheckoutAnswer,
  PortalAnswer,
  Subscription,
  TeamSubscription,
  TierPlan,
} from "../../../shared/schemas/billing.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { type ApiCall, mockApi, refusal } from "../../test/mock-api.ts";

/** Plans as the server derives them from the local Stripe's default catalogue. */
export const TEAM_PLAN: TierPlan = {
  tier: "team",
  tierName: "Team",
  description: "For product teams",
  currency: "usd",
  monthlyPriceId: "price_team_month",
  monthlyDisplayPrice: "$29.00/month",
  monthlyAmount: 2900,
  monthlyProductId: "prod_team",
  yearlyPriceId: "price_team_year",
  yearlyDisplayPrice: "$290.00/year",
  yearlyAmount: 29000,
  yearlyProductId: "prod_team",
};

export const ENTERPRISE_PLAN: TierPlan = {
  tier: "enterprise",
  tierName: "Enterprise",
  description: "For organisations with many products",
  currency: "usd",
  monthlyPriceId: "price_enterprise_month",
  monthlyDisplayPrice: "$99.00/month",
  monthlyAmount: 9900,
  monthlyProductId: "prod_enterprise",
  // Twelve months cost exactly a year: no saving to show.
  yearlyPriceId: "price_enterprise_year",
  yearlyDisplayPrice: "$1188.00/year",
  yearlyAmount: 118800,
  yearlyProductId: "prod_enterprise",
};

export const FREE_PLAN: TierPlan = {
  tier: "free",
  tierName: "Free",
  description: "Try it out",
  currency: "usd",
  monthlyPriceId: "price_free_month",
  monthlyDisplayPrice: "Free",
  monthlyAmount: 0,
  monthlyProductId: "prod_free",
  yearlyPriceId: null,
  yearlyDisplayPrice: null,
  yearlyAmount: null,
  yearlyProductId: null,
};

export const CONFIGURED_PLANS: BillingPlans = { configured: true, plans: [TEAM_PLAN, ENTERPRISE_PLAN] };

export const SUBSCRIPTION: Subscription = {
  id: "sub_1",
  teamId: "t1",
  status: "active",
  productName: "Sprog Team",
  renewalDate: "2026-05-01T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  seats: 3,
  trialEnd: null,
};

export const team = (role: Role): TeamSummary => ({
  id: "t1",
  name: "Acme",
  role,
  createdAt: "2026-01-01T00:00:00.000Z",
});

type Answer<T> = T | Promise<T>;

/** Team t1's billing: another team is not found, as the server would say. */
function forT1(teamId: string) {
  if (teamId !== "t1") throw refusal(404, "not_found", "Team not found");
}

/**
 * A fake billing API for team t1. Each answer is a function, so a test can hold one back (a
 * deferred promise) to see the state in between, or throw the refusal the client would.
 */
export function mockBillingApi(
  answers: {
    plans?: () => Answer<BillingPlans>;
    subscription?: () => Answer<TeamSubscription>;
    checkout?: () => Answer<CheckoutAnswer>;
    portal?: () => Answer<PortalAnswer>;
  } = {},
): ApiCall[] {
  return mockApi({
    billing: {
      plans: () => (answers.plans ? answers.plans() : CONFIGURED_PLANS),
      subscription: ({ params }) => {
        forT1(params.teamId);
        return answers.subscription ? answers.subscription() : { configured: true, subscription: null };
      },
      checkout: ({ params }) => {
        forT1(params.teamId);
        return answers.checkout
          ? answers.checkout()
          : { checkoutUrl: "https://checkout.stripe.test/c/pay/cs_1" };
      },
      portal: ({ params }) => {
        forT1(params.teamId);
        return answers.portal
          ? answers.portal()
          : { portalUrl: "https://billing.stripe.test/p/session/bps_1" };
      },
    },
  });
}

/** The calls that change something (checkout, portal), in order. */
export function changes(calls: readonly ApiCall[]): ApiCall[] {
  return calls.filter((call) => call.procedure === "billing.checkout" || call.procedure === "billing.portal");
}

/** A promise the test resolves when it wants the answer to arrive. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The app's query client without retries: a failed answer shows at once (the retry policy is not under test). */
export function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}
