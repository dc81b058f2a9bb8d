import { beforeAll, describe, expect, it } from "vitest";
import {
  BILLING_ERRORS,
  type BillingPlans,
  type TeamSubscription,
} from "../../src/shared/schemas/billing.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { type ErrorAnswer, signedInUser, stripeBillingForThisFile } from "../helpers/billing.ts";
import { DEFAULT_CATALOGUE, type StripeServer } from "../helpers/stripe-server.ts";

/**
 * Billing (issue 8), what there is to buy: the Team and Enterprise plans derived from the Stripe
 * catalogue, and the self-hosted default of no billing, every feature and nothing to buy. Checkout and the
 * portal are in billing-checkout.test.ts, webhooks in billing-webhooks.test.ts, seats and team deletion in
 * billing-seats.test.ts. The real `stripe` client talks to a loopback Stripe (tests/helpers/stripe-
 * server.ts); setup is in tests/helpers/billing.ts.
 */

describe("billing not configured (the self-hosted default)", () => {
  const api = apiAppForThisFile();

  it("answers configured:false with no plans, and the subscription as absent", async () => {
    const owner = (await signedInUser(api(), "owner")).client;
    const team = await owner.request<{ id: string }>("POST", "/api/teams", {
      body: { name: "Free for all" },
    });

    const plans = await owner.request<BillingPlans>("GET", "/api/billing/plans");
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual({ configured: false, plans: [] });
    const withFree = await owner.request<BillingPlans>("GET", "/api/billing/plans?includeFree=true");
    expect(withFree.body).toEqual({ configured: false, plans: [] });

    const subscription = await owner.request<TeamSubscription>(
      "GET",
      `/api/teams/${team.body.id}/subscription`,
    );
    expect(subscription.status).toBe(200);
    expect(subscription.body).toEqual({ configured: false, subscription: null });
  });

  it("refuses checkout, the portal and webhooks with a clear message", async () => {
    const owner = (await signedInUser(api(), "owner")).client;
    const team = await owner.request<{ id: string }>("POST", "/api/teams", {
      body: { name: "Nothing to buy" },
    });
    const checkout = await owner.request<ErrorAnswer>("POST", `/api/teams/${team.body.id}/billing/checkout`, {
      body: { priceId: "price_team_month", productId: "prod_team" },
    });
    expect(checkout.status).toBe(400);
    expect(checkout.body.error.message).toBe(BILLING_ERRORS.notConfigured);

    const portal = await owner.request<ErrorAnswer>("POST", `/api/teams/${team.body.id}/billing/portal`, {
      body: { returnUrl: `${api().app.url}/app/team` },
    });
    expect(portal.status).toBe(400);
    expect(portal.body.error.message).toBe(BILLING_ERRORS.notConfigured);

    const webhook = await api()
      .client()
      .request<ErrorAnswer>("POST", "/api/billing/webhook", {
        rawBody: JSON.stringify({ id: "evt_1", type: "checkout.session.completed" }),
        headers: { "stripe-signature": "t=1,v1=abc" },
      });
    expect(webhook.status).toBe(400);
    expect(webhook.body.error.message).toBe(BILLING_ERRORS.notConfigured);
  });

  it("asks for sign-in and team membership as usual", async () => {
    expect((await api().client().request("GET", "/api/billing/plans")).status).toBe(401);
    const owner = (await signedInUser(api(), "owner")).client;
    const team = await owner.request<{ id: string }>("POST", "/api/teams", { body: { name: "Mine" } });
    const outsider = (await signedInUser(api(), "outsider")).client;
    expect((await outsider.request("GET", `/api/teams/${team.body.id}/subscription`)).status).toBe(404);
  });
});

describe("billing with Stripe", () => {
  const billing = stripeBillingForThisFile();
  const { api, ownerWithTeam } = billing;
  let stripe: StripeServer;
  beforeAll(() => {
    stripe = billing.stripe();
  });

  describe("plans", () => {
    it("derives the tier plans from products with metadata.tier, in the order team, enterprise", async () => {
      const { owner } = await ownerWithTeam();
      const answer = await owner.request<BillingPlans>("GET", "/api/billing/plans");
      expect(answer.status).toBe(200);
      expect(answer.body.configured).toBe(true);
      expect(answer.body.plans.map((plan) => plan.tierName)).toEqual(["Team", "Enterprise"]);
      expect(answer.body.plans[0]).toEqual({
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
      });
      // The client asked for active products and prices.
      expect(stripe.requestsTo("GET", "/v1/products").at(-1)?.params).toMatchObject({ active: "true" });
      expect(stripe.requestsTo("GET", "/v1/prices").at(-1)?.params).toMatchObject({ active: "true" });
    });

    it("adds the free plan only when asked (the debug block)", async () => {
      const { owner } = await ownerWithTeam();
      const answer = await owner.request<BillingPlans>("GET", "/api/billing/plans?includeFree=true");
      expect(answer.body.plans.map((plan) => plan.tierName)).toEqual(["Team", "Enterprise", "Free"]);
      expect(answer.body.plans[2]?.monthlyDisplayPrice).toBe("Free");
      expect(answer.body.plans[2]?.yearlyPriceId).toBeNull();
    });

    it("takes a product per interval too, and shows other currencies by their code", async () => {
      stripe.setCatalogue([
        {
          id: "prod_team_y",
          name: "Team yearly",
          description: "Yearly team",
          tier: "team",
          prices: [{ id: "price_ty", amount: 30000, interval: "year", currency: "eur" }],
        },
        {
          id: "prod_team_m",
          name: "Team monthly",
          description: "Monthly team",
          tier: "Team",
          prices: [{ id: "price_tm", amount: 3000, interval: "month", currency: "eur" }],
        },
      ]);
      const { owner } = await ownerWithTeam();
      const answer = await owner.request<BillingPlans>("GET", "/api/billing/plans");
      expect(answer.body.plans).toEqual([
        expect.objectContaining({
          tierName: "Team",
          description: "Monthly team",
          monthlyProductId: "prod_team_m",
          monthlyDisplayPrice: "EUR 30.00/month",
          yearlyProductId: "prod_team_y",
          yearlyDisplayPrice: "EUR 300.00/year",
        }),
      ]);
    });

    it("answers 'No paid plans found.' when only free plans (or none) are sold", async () => {
      const { owner } = await ownerWithTeam();
      stripe.setCatalogue(
        DEFAULT_CATALOGUE.filter((product) => product.tier !== "team" && product.tier !== "enterprise"),
      );
      const answer = await owner.request<ErrorAnswer>("GET", "/api/billing/plans?includeFree=true");
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.noPaidPlans);
      stripe.setCatalogue([]);
      const none = await owner.request<ErrorAnswer>("GET", "/api/billing/plans");
      expect(none.body.error.message).toBe(BILLING_ERRORS.noPaidPlans);
    });

    it("answers 'Invalid product data' when the catalogue is malformed", async () => {
      const { owner } = await ownerWithTeam();
      // No items array.
      stripe.answerNext("GET", /^\/v1\/products$/, { object: "list", data: "nope", has_more: false });
      const noArray = await owner.request<ErrorAnswer>("GET", "/api/billing/plans");
      expect(noArray.status).toBe(502);
      expect(noArray.body.error.message).toBe(BILLING_ERRORS.invalidProductData);
      // A plan's price without an amount.
      stripe.setCatalogue([
        {
          id: "prod_bad",
          name: "Bad",
          tier: "team",
          prices: [{ id: "price_bad", amount: null, interval: "month" }],
        },
      ]);
      const noAmount = await owner.request<ErrorAnswer>("GET", "/api/billing/plans");
      expect(noAmount.status).toBe(502);
      expect(noAmount.body.error.message).toBe(BILLING_ERRORS.invalidProductData);
    });

    it("answers 'Failed to load plans' when Stripe fails", async () => {
      const { owner } = await ownerWithTeam();
      stripe.failNext("GET", /^\/v1\/products$/);
      const answer = await owner.request<ErrorAnswer>("GET", "/api/billing/plans");
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.plansFailed);
    });

    it("needs a signed-in user", async () => {
      expect((await api().client().request("GET", "/api/billing/plans")).status).toBe(401);
    });
  });
});
