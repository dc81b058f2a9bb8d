import { vi } from "vitest";
import type { Role } from "../../../shared/permissions.ts";
import type { BillingPlans, Subscription, TierPlan } from "../../../shared/schemas/billing.ts";
import type { TeamSummary } from "../../../shared/schemas/teams.ts";
import { createQueryClient } from "../../lib/query-client.ts";

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

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
export const problem = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

type Answer = Response | Promise<Response>;

/**
 * A fake billing API for team t1. Each answer is a function, so a test can hold one back (a
 * deferred promise) to see the state in between.
 */
export function stubBillingApi(
  answers: {
    plans?: (url: string) => Answer;
    subscription?: () => Answer;
    checkout?: () => Answer;
    portal?: () => Answer;
  } = {},
) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    if (url.startsWith("/api/billing/plans") && method === "GET") {
      return answers.plans ? answers.plans(url) : json(CONFIGURED_PLANS);
    }
    if (url === "/api/teams/t1/subscription" && method === "GET") {
      return answers.subscription ? answers.subscription() : json({ configured: true, subscription: null });
    }
    if (url === "/api/teams/t1/billing/checkout" && method === "POST") {
      return answers.checkout
        ? answers.checkout()
        : json({ checkoutUrl: "https://checkout.stripe.test/c/pay/cs_1" });
    }
    if (url === "/api/teams/t1/billing/portal" && method === "POST") {
      return answers.portal
        ? answers.portal()
        : json({ portalUrl: "https://billing.stripe.test/p/session/bps_1" });
    }
    return problem(404, "not_found", "No such API endpoint");
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The POST calls the stub received: path and JSON body. */
export function posted(fetchMock: ReturnType<typeof stubBillingApi>) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));
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
