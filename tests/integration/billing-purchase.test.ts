import { beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { BILLING_ERRORS } from "../../src/shared/schemas/billing.ts";
import type { ErrorBody } from "../../src/shared/schemas/error.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { stripeBillingForThisFile } from "../helpers/billing.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildTeam, buildUser, memberOf, signInAs } from "../helpers/factories.ts";
import { DEFAULT_CATALOGUE, type StripeServer } from "../helpers/stripe-server.ts";

/**
 * Billing (issue 8), what a team can buy and who may buy it: the Team and Enterprise plans derived
 * from the Stripe catalogue, Stripe Checkout (one seat per member, a trial for the team's first
 * subscription only), the billing portal, and the roles; and the self-hosted default of no billing,
 * every feature and nothing to buy. What keeps a subscription in step afterwards (webhooks, seats,
 * team deletion) is billing-subscription.test.ts. The real `stripe` client talks to a loopback
 * Stripe (tests/helpers/stripe-server.ts); setup is in tests/helpers/billing.ts.
 */

describe("billing not configured (the self-hosted default)", () => {
  const api = apiAppForThisFile();

  it("answers configured:false with no plans, and the subscription as absent", async () => {
    const owner = await signInAs(await buildUser(api().app));
    const team = await buildTeam(owner, { name: "Free for all" });

    const plans = await call(owner, contract.billing.plans, { query: {} });
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual({ configured: false, plans: [] });
    const withFree = await call(owner, contract.billing.plans, { query: { includeFree: "true" } });
    expect(withFree.body).toEqual({ configured: false, plans: [] });

    const subscription = await call(owner, contract.billing.subscription, { params: { teamId: team.id } });
    expect(subscription.status).toBe(200);
    expect(subscription.body).toEqual({ configured: false, subscription: null });
  });

  it("refuses checkout, the portal and webhooks with a clear message", async () => {
    const owner = await signInAs(await buildUser(api().app));
    const teamId = (await buildTeam(owner, { name: "Nothing to buy" })).id;
    const checkout = await fail(owner, contract.billing.checkout, {
      params: { teamId },
      body: { priceId: "price_team_month", productId: "prod_team" },
    });
    expect(checkout.status).toBe(400);
    expect(checkout.body.error.message).toBe(BILLING_ERRORS.notConfigured);

    const portal = await fail(owner, contract.billing.portal, {
      params: { teamId },
      body: { returnUrl: `${api().app.url}/app/team` },
    });
    expect(portal.status).toBe(400);
    expect(portal.body.error.message).toBe(BILLING_ERRORS.notConfigured);

    // Raw HTTP, as Stripe sends it: a signed body the server reads byte for byte.
    const { method, path } = requestOf(contract.billing.webhook, undefined);
    const webhook = await api()
      .client()
      .request<ErrorBody>(method, path, {
        rawBody: JSON.stringify({ id: "evt_1", type: "checkout.session.completed" }),
        headers: { "stripe-signature": "t=1,v1=abc" },
      });
    expect(webhook.status).toBe(400);
    expect(webhook.body.error.message).toBe(BILLING_ERRORS.notConfigured);
  });

  it("asks for sign-in and team membership as usual", async () => {
    expect((await fail(api().client(), contract.billing.plans, { query: {} })).status).toBe(401);
    const owner = await signInAs(await buildUser(api().app));
    const team = await buildTeam(owner, { name: "Mine" });
    const outsider = await signInAs(await buildUser(api().app));
    expect(
      (await fail(outsider, contract.billing.subscription, { params: { teamId: team.id } })).status,
    ).toBe(404);
  });
});

describe("billing with Stripe", () => {
  const billing = stripeBillingForThisFile();
  const { api, ownerWithTeam, postWebhook, startCheckout, subscribedTeam } = billing;
  let stripe: StripeServer;
  beforeAll(() => {
    stripe = billing.stripe();
  });

  describe("plans", () => {
    it("derives the tier plans from products with metadata.tier, in the order team, enterprise", async () => {
      const { owner } = await ownerWithTeam();
      const answer = await call(owner, contract.billing.plans, { query: {} });
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
      const answer = await call(owner, contract.billing.plans, { query: { includeFree: "true" } });
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
      const answer = await call(owner, contract.billing.plans, { query: {} });
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
      const answer = await fail(owner, contract.billing.plans, { query: { includeFree: "true" } });
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.noPaidPlans);
      stripe.setCatalogue([]);
      const none = await fail(owner, contract.billing.plans, { query: {} });
      expect(none.body.error.message).toBe(BILLING_ERRORS.noPaidPlans);
    });

    it("answers 'Invalid product data' when the catalogue is malformed", async () => {
      const { owner } = await ownerWithTeam();
      // No items array.
      stripe.answerNext("GET", /^\/v1\/products$/, { object: "list", data: "nope", has_more: false });
      const noArray = await fail(owner, contract.billing.plans, { query: {} });
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
      const noAmount = await fail(owner, contract.billing.plans, { query: {} });
      expect(noAmount.status).toBe(502);
      expect(noAmount.body.error.message).toBe(BILLING_ERRORS.invalidProductData);
    });

    it("answers 'Failed to load plans' when Stripe fails", async () => {
      const { owner } = await ownerWithTeam();
      stripe.failNext("GET", /^\/v1\/products$/);
      const answer = await fail(owner, contract.billing.plans, { query: {} });
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.plansFailed);
    });

    it("needs a signed-in user", async () => {
      expect((await fail(api().client(), contract.billing.plans, { query: {} })).status).toBe(401);
    });
  });

  describe("checkout", () => {
    it("creates a Checkout Session: the price, one seat per member, the team, a trial, the return addresses", async () => {
      const { owner, email, teamId } = await ownerWithTeam();
      await memberOf(api(), teamId, "admin");

      const { checkoutUrl } = await startCheckout(owner, teamId, "price_team_year");
      expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
      const request = stripe.requestsTo("POST", "/v1/checkout/sessions").at(-1);
      expect(request?.params).toEqual({
        mode: "subscription",
        line_items: [{ price: "price_team_year", quantity: "2" }],
        client_reference_id: teamId,
        metadata: { teamId, productId: "prod_team" },
        subscription_data: { metadata: { teamId }, trial_period_days: "14" },
        customer_email: email,
        success_url: `${api().app.url}/app/overview?checkout=success`,
        cancel_url: `${api().app.url}/app/team?checkout=cancelled`,
      });
    });

    it("gives the trial to the team's first subscription only, and reuses its customer", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      // Still subscribed: manage it, do not buy a second one.
      const again = await fail(owner, contract.billing.checkout, {
        params: { teamId },
        body: { priceId: "price_team_month", productId: "prod_team" },
      });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe(BILLING_ERRORS.alreadySubscribed);

      expect((await postWebhook(stripe.deleteSubscription(subscriptionId))).status).toBe(200);
      await startCheckout(owner, teamId, "price_enterprise_month");
      const request = stripe.requestsTo("POST", "/v1/checkout/sessions").at(-1);
      expect(request?.params.subscription_data).toEqual({ metadata: { teamId } });
      expect(request?.params.customer).toBe(stripe.subscription(subscriptionId)?.customer);
      expect(request?.params.customer_email).toBeUndefined();
    });

    it("wants a price and a product: 'Cannot initiate purchase. Missing required information.'", async () => {
      const { owner, teamId } = await ownerWithTeam();
      const before = stripe.requestsTo("POST", "/v1/checkout/sessions").length;
      for (const body of [
        {},
        { priceId: "price_team_month" },
        { productId: "prod_team" },
        { priceId: " ", productId: "prod_team" },
      ]) {
        const answer = await fail(owner, contract.billing.checkout, { params: { teamId }, body });
        expect(answer.status).toBe(400);
        expect(answer.body.error.message).toBe(BILLING_ERRORS.missingPurchaseInfo);
      }
      // Raw HTTP: a JSON body that is no object at all, which no typed call can send.
      const { method, path } = requestOf(contract.billing.checkout, { params: { teamId } });
      const notJson = await owner.request<ErrorBody>(method, path, { rawBody: "[]" });
      expect(notJson.body.error.message).toBe(BILLING_ERRORS.missingPurchaseInfo);
      expect(stripe.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(before);
    });

    it("refuses a price that is not one of the plans (or not of that product)", async () => {
      const { owner, teamId } = await ownerWithTeam();
      for (const body of [
        { priceId: "price_stickers", productId: "prod_stickers" },
        { priceId: "price_enterprise_month", productId: "prod_team" },
        { priceId: "price_team_weekly", productId: "prod_team" },
      ]) {
        const answer = await fail(owner, contract.billing.checkout, { params: { teamId }, body });
        expect(answer.status).toBe(400);
        expect(answer.body.error.message).toBe(BILLING_ERRORS.unknownPlan);
      }
    });

    it("answers 'Checkout URL not received from function.' when Stripe gives no url", async () => {
      const { owner, teamId } = await ownerWithTeam();
      stripe.answerNext("POST", /^\/v1\/checkout\/sessions$/, {
        id: "cs_nourl",
        object: "checkout.session",
        url: null,
      });
      const answer = await fail(owner, contract.billing.checkout, {
        params: { teamId },
        body: { priceId: "price_team_month", productId: "prod_team" },
      });
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.checkoutUrlMissing);
    });

    it("answers 'Failed to start checkout process.' when Stripe fails", async () => {
      const { owner, teamId } = await ownerWithTeam();
      stripe.failNext("POST", /^\/v1\/checkout\/sessions$/, 400, "No such price");
      const answer = await fail(owner, contract.billing.checkout, {
        params: { teamId },
        body: { priceId: "price_team_month", productId: "prod_team" },
      });
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.checkoutFailed);
    });
  });

  describe("billing portal", () => {
    it("opens the portal for the team's customer, returning to the given page", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      const returnUrl = `${api().app.url}/app/team?tab=plan`;
      const answer = await call(owner, contract.billing.portal, {
        params: { teamId },
        body: { returnUrl },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.portalUrl).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
      expect(stripe.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)?.params).toEqual({
        customer: stripe.subscription(subscriptionId)?.customer,
        return_url: returnUrl,
      });
    });

    it("wants a return address of this app: 'Cannot manage subscription. Missing required information.'", async () => {
      const { owner, teamId } = await subscribedTeam();
      const missing = await fail(owner, contract.billing.portal, {
        params: { teamId },
        body: {},
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe(BILLING_ERRORS.missingManageInfo);
      const foreign = await fail(owner, contract.billing.portal, {
        params: { teamId },
        body: { returnUrl: "https://evil.example/phish" },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.message).toBe(BILLING_ERRORS.invalidReturnUrl);
    });

    it("answers 404 for a team without a subscription, and 502 texts when Stripe fails", async () => {
      const { owner, teamId } = await ownerWithTeam();
      const returnUrl = `${api().app.url}/app/team`;
      const none = await fail(owner, contract.billing.portal, {
        params: { teamId },
        body: { returnUrl },
      });
      expect(none.status).toBe(404);
      expect(none.body.error.message).toBe(BILLING_ERRORS.noSubscription);

      const subscribed = await subscribedTeam();
      stripe.answerNext("POST", /^\/v1\/billing_portal\/sessions$/, {
        id: "bps_x",
        object: "billing_portal.session",
      });
      const noUrl = await fail(subscribed.owner, contract.billing.portal, {
        params: { teamId: subscribed.teamId },
        body: { returnUrl },
      });
      expect(noUrl.status).toBe(502);
      expect(noUrl.body.error.message).toBe(BILLING_ERRORS.portalUrlMissing);
      stripe.failNext("POST", /^\/v1\/billing_portal\/sessions$/);
      const failed = await fail(subscribed.owner, contract.billing.portal, {
        params: { teamId: subscribed.teamId },
        body: { returnUrl },
      });
      expect(failed.status).toBe(502);
      expect(failed.body.error.message).toBe(BILLING_ERRORS.portalFailed);
    });
  });

  describe("who may", () => {
    it("lets every member see the subscription and only the owner buy or manage it", async () => {
      const { owner, teamId } = await subscribedTeam("Roles");
      const admin = (await memberOf(api(), teamId, "admin")).client;
      const reviewer = (await memberOf(api(), teamId, "reviewer")).client;
      const outsider = await signInAs(await buildUser(api().app));
      const anonymous = api().client();

      const returnUrl = `${api().app.url}/app/team`;
      const requests = {
        subscription: (c: ApiClient) => call(c, contract.billing.subscription, { params: { teamId } }),
        checkout: (c: ApiClient) =>
          call(c, contract.billing.checkout, {
            params: { teamId },
            body: { priceId: "price_team_month", productId: "prod_team" },
          }),
        portal: (c: ApiClient) =>
          call(c, contract.billing.portal, { params: { teamId }, body: { returnUrl } }),
      };
      const statuses: Record<string, number[]> = {};
      for (const [name, request] of Object.entries(requests)) {
        statuses[name] = [];
        for (const client of [anonymous, outsider, reviewer, admin, owner]) {
          statuses[name].push((await request(client)).status);
        }
      }
      expect(statuses).toEqual({
        subscription: [401, 404, 200, 200, 200],
        // The owner's checkout is refused for another reason: the team is subscribed already.
        checkout: [401, 404, 403, 403, 409],
        portal: [401, 404, 403, 403, 200],
      });
    });
  });
});
