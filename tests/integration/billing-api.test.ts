import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  BILLING_ERRORS,
  type BillingPlans,
  type CheckoutAnswer,
  type PortalAnswer,
  type TeamSubscription,
  type WebhookAnswer,
} from "../../src/shared/schemas/billing.ts";
import type { TeamMember } from "../../src/shared/schemas/teams.ts";
import {
  type ApiApp,
  type ApiClient,
  addMember,
  apiAppForThisFile,
  uniqueEmail,
} from "../helpers/api-app.ts";
import { DEFAULT_CATALOGUE, type StripeServer, startStripeServer } from "../helpers/stripe-server.ts";

/**
 * Billing (issue 8) through the real `stripe` client against a loopback Stripe
 * (tests/helpers/stripe-server.ts): plans, checkout with a first-time trial, the billing portal,
 * signed webhooks (idempotent, refused when the signature is wrong), seats that follow the member
 * count, and who may do what. And the self-hosted default: no billing, every feature, nothing to buy.
 */

interface ErrorAnswer {
  error: { code: string; message: string };
}

/** Past 25 codes the server's clock moves on an hour, so the per-network limit on codes starts over. */
function signInWithLimits(api: () => ApiApp) {
  let codesSent = 0;
  return {
    async signIn(email: string): Promise<ApiClient> {
      codesSent += 1;
      if (codesSent % 25 === 0) api().app.clock.advance(60 * 60_000 + 1000);
      return api().signIn(email);
    },
    /** Signs in an address that already has mail (an invite): waits for the code mail after it. */
    async signInInvited(email: string): Promise<ApiClient> {
      codesSent += 1;
      if (codesSent % 25 === 0) api().app.clock.advance(60 * 60_000 + 1000);
      const client = api().client();
      const before = api().mail.mailsTo(email).length;
      expect((await client.request("POST", "/api/auth/code", { body: { email } })).status).toBe(200);
      const code = await api().mail.codeFor(email, { count: before + 1 });
      const verified = await client.request("POST", "/api/auth/verify", { body: { email, code } });
      expect(verified.status).toBe(200);
      return client;
    },
  };
}

describe("billing not configured (the self-hosted default)", () => {
  const api = apiAppForThisFile();
  const people = signInWithLimits(api);

  it("answers configured:false with no plans, and the subscription as absent", async () => {
    const owner = await people.signIn(uniqueEmail("owner"));
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
    const owner = await people.signIn(uniqueEmail("owner"));
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
    const owner = await people.signIn(uniqueEmail("owner"));
    const team = await owner.request<{ id: string }>("POST", "/api/teams", { body: { name: "Mine" } });
    const outsider = await people.signIn(uniqueEmail("outsider"));
    expect((await outsider.request("GET", `/api/teams/${team.body.id}/subscription`)).status).toBe(404);
  });
});

describe("billing with Stripe", () => {
  let stripe: StripeServer;
  const api = apiAppForThisFile({
    env: async () => {
      stripe = await startStripeServer();
      return stripe.env();
    },
  });
  const people = signInWithLimits(api);
  afterAll(async () => {
    await stripe?.close();
  });
  beforeEach(() => {
    stripe.setCatalogue(DEFAULT_CATALOGUE);
    stripe.script.length = 0;
  });

  async function ownerWithTeam(name = "Paying") {
    const email = uniqueEmail("owner");
    const owner = await people.signIn(email);
    const team = await owner.request<{ id: string }>("POST", "/api/teams", { body: { name } });
    return { owner, email, teamId: team.body.id };
  }

  async function startCheckout(owner: ApiClient, teamId: string, priceId = "price_team_month") {
    const productId = priceId.startsWith("price_enterprise") ? "prod_enterprise" : "prod_team";
    const answer = await owner.request<CheckoutAnswer>("POST", `/api/teams/${teamId}/billing/checkout`, {
      body: { priceId, productId },
    });
    expect(answer.status).toBe(200);
    const sessionId = answer.body.checkoutUrl.split("/").at(-1) ?? "";
    return { checkoutUrl: answer.body.checkoutUrl, sessionId };
  }

  async function postWebhook(
    payloadObject: unknown,
    options: { secret?: string; signature?: string | null; origin?: string } = {},
  ) {
    const { payload, signature } = stripe.signed(payloadObject, options.secret);
    const headers: Record<string, string> = {};
    const sent = options.signature === undefined ? signature : options.signature;
    if (sent !== null) headers["stripe-signature"] = sent;
    if (options.origin) headers.origin = options.origin;
    return api().client().request<WebhookAnswer & ErrorAnswer>("POST", "/api/billing/webhook", {
      rawBody: payload,
      headers,
    });
  }

  async function subscriptionOf(client: ApiClient, teamId: string) {
    const answer = await client.request<TeamSubscription>("GET", `/api/teams/${teamId}/subscription`);
    expect(answer.status).toBe(200);
    return answer.body.subscription;
  }

  /** An owner whose team bought Team monthly and whose checkout completed (trialing). */
  async function subscribedTeam(name = "Subscribed") {
    const { owner, email, teamId } = await ownerWithTeam(name);
    const { sessionId } = await startCheckout(owner, teamId);
    const { subscription, event } = stripe.completeCheckout(sessionId);
    expect((await postWebhook(event)).status).toBe(200);
    return { owner, email, teamId, subscriptionId: subscription.id };
  }

  const lastQuantitySet = (subscriptionId: string) => {
    const updates = stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`);
    const items = updates.at(-1)?.params.items as { id: string; quantity: string }[] | undefined;
    return items?.[0]?.quantity;
  };

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

  describe("checkout", () => {
    it("creates a Checkout Session: the price, one seat per member, the team, a trial, the return addresses", async () => {
      const { owner, email, teamId } = await ownerWithTeam();
      const adminEmail = uniqueEmail("admin");
      await people.signIn(adminEmail);
      await addMember(api().db, teamId, adminEmail, "admin");

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
      const again = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/checkout`, {
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
        const answer = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/checkout`, {
          body,
        });
        expect(answer.status).toBe(400);
        expect(answer.body.error.message).toBe(BILLING_ERRORS.missingPurchaseInfo);
      }
      const notJson = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/checkout`, {
        rawBody: "[]",
      });
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
        const answer = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/checkout`, {
          body,
        });
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
      const answer = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/checkout`, {
        body: { priceId: "price_team_month", productId: "prod_team" },
      });
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.checkoutUrlMissing);
    });

    it("answers 'Failed to start checkout process.' when Stripe fails", async () => {
      const { owner, teamId } = await ownerWithTeam();
      stripe.failNext("POST", /^\/v1\/checkout\/sessions$/, 400, "No such price");
      const answer = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/checkout`, {
        body: { priceId: "price_team_month", productId: "prod_team" },
      });
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe(BILLING_ERRORS.checkoutFailed);
    });
  });

  describe("webhooks", () => {
    it("checkout.session.completed makes the team's subscription (trialing, seats, renewal)", async () => {
      const { owner, teamId } = await ownerWithTeam();
      expect(await subscriptionOf(owner, teamId)).toBeNull();
      const { sessionId } = await startCheckout(owner, teamId);
      const { subscription, event } = stripe.completeCheckout(sessionId);
      const answer = await postWebhook(event);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true, duplicate: false });

      const saved = await subscriptionOf(owner, teamId);
      expect(saved).toMatchObject({
        teamId,
        status: "trialing",
        productName: "Sprog Team",
        cancelAtPeriodEnd: false,
        seats: 1,
      });
      const trialEnd = new Date(saved?.trialEnd ?? 0).getTime();
      expect(trialEnd).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
      expect(saved?.renewalDate).toBe(saved?.trialEnd);
      const row = await api()
        .db.selectFrom("subscriptions")
        .selectAll()
        .where("team_id", "=", teamId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        provider: "stripe",
        provider_subscription_id: subscription.id,
        provider_customer_id: subscription.customer,
        provider_item_id: subscription.items.data[0]?.id,
        provider_price_id: "price_team_month",
        provider_product_id: "prod_team",
      });
    });

    it("is mounted before the origin check: a signed event from anywhere is accepted", async () => {
      const { owner, teamId } = await ownerWithTeam();
      const { sessionId } = await startCheckout(owner, teamId);
      const { event } = stripe.completeCheckout(sessionId);
      const answer = await postWebhook(event, { origin: "https://hooks.stripe.example" });
      expect(answer.status).toBe(200);
    });

    it("refuses an invalid or missing signature with 400 and changes nothing", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      const before = await subscriptionOf(owner, teamId);
      const ending = stripe.deleteSubscription(subscriptionId);

      const wrongSecret = await postWebhook(ending, { secret: "whsec_someone_else" });
      expect(wrongSecret.status).toBe(400);
      expect(wrongSecret.body.error.message).toBe(BILLING_ERRORS.invalidSignature);
      const noSignature = await postWebhook(ending, { signature: null });
      expect(noSignature.status).toBe(400);
      const garbage = await postWebhook(ending, { signature: "t=1,v1=deadbeef" });
      expect(garbage.status).toBe(400);
      // The signature is over the exact body: the same event re-serialised with a change fails.
      const { signature } = stripe.signed(ending);
      const tampered = await api()
        .client()
        .request<ErrorAnswer>("POST", "/api/billing/webhook", {
          rawBody: JSON.stringify({ ...ending, type: "customer.subscription.updated" }),
          headers: { "stripe-signature": signature },
        });
      expect(tampered.status).toBe(400);

      expect(await subscriptionOf(owner, teamId)).toEqual(before);
      const recorded = await api()
        .db.selectFrom("billing_events")
        .select("id")
        .where("id", "=", ending.id)
        .executeTakeFirst();
      expect(recorded).toBeUndefined();
    });

    it("processes a replayed event once", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      const update = stripe.changeSubscription(subscriptionId, { status: "active", trial_end: null });
      expect((await postWebhook(update)).body).toEqual({ received: true, duplicate: false });
      const after = await subscriptionOf(owner, teamId);
      const row = await api()
        .db.selectFrom("subscriptions")
        .select("updated_at")
        .where("team_id", "=", teamId)
        .executeTakeFirstOrThrow();
      const fetches = stripe.requestsTo("GET", `/v1/subscriptions/${subscriptionId}`).length;

      // Stripe changes it again, then redelivers the earlier event: nothing happens.
      stripe.changeSubscription(subscriptionId, { cancel_at_period_end: true });
      for (let i = 0; i < 2; i++) {
        const replay = await postWebhook(update);
        expect(replay.status).toBe(200);
        expect(replay.body).toEqual({ received: true, duplicate: true });
      }
      expect(await subscriptionOf(owner, teamId)).toEqual(after);
      const again = await api()
        .db.selectFrom("subscriptions")
        .select("updated_at")
        .where("team_id", "=", teamId)
        .executeTakeFirstOrThrow();
      expect(again.updated_at).toEqual(row.updated_at);
      expect(stripe.requestsTo("GET", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(fetches);
      const events = await api()
        .db.selectFrom("billing_events")
        .selectAll()
        .where("id", "=", update.id)
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]?.type).toBe("customer.subscription.updated");
    });

    it("customer.subscription.updated keeps status, cancellation and renewal in step", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
      const subscription = stripe.subscription(subscriptionId) as {
        items: { data: { current_period_end: number }[] };
      };
      const item = subscription.items.data[0];
      if (item) item.current_period_end = periodEnd;
      await postWebhook(
        stripe.changeSubscription(subscriptionId, {
          status: "active",
          trial_end: null,
          cancel_at_period_end: true,
        }),
      );
      expect(await subscriptionOf(owner, teamId)).toMatchObject({
        status: "active",
        cancelAtPeriodEnd: true,
        trialEnd: null,
        renewalDate: new Date(periodEnd * 1000).toISOString(),
        productName: "Sprog Team",
      });
      await postWebhook(
        stripe.changeSubscription(subscriptionId, { status: "past_due", cancel_at_period_end: false }),
      );
      expect(await subscriptionOf(owner, teamId)).toMatchObject({
        status: "past_due",
        cancelAtPeriodEnd: false,
      });
    });

    it("reads the current state, so an event arriving late cannot turn the row back", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      const early = stripe.changeSubscription(subscriptionId, {
        status: "active",
        cancel_at_period_end: true,
      });
      const later = stripe.changeSubscription(subscriptionId, {
        status: "active",
        cancel_at_period_end: false,
      });
      await postWebhook(later);
      await postWebhook(early);
      expect(await subscriptionOf(owner, teamId)).toMatchObject({
        status: "active",
        cancelAtPeriodEnd: false,
      });
    });

    it("customer.subscription.deleted ends it; the team can buy again", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      expect((await postWebhook(stripe.deleteSubscription(subscriptionId))).status).toBe(200);
      expect(await subscriptionOf(owner, teamId)).toMatchObject({
        status: "canceled",
        productName: "Sprog Team",
      });
      await startCheckout(owner, teamId);
    });

    it("customer.subscription.created alone makes the row (events in any order)", async () => {
      const { owner, teamId } = await ownerWithTeam();
      const { sessionId } = await startCheckout(owner, teamId, "price_enterprise_year");
      const { subscription } = stripe.completeCheckout(sessionId);
      const created = stripe.event("customer.subscription.created", subscription);
      expect((await postWebhook(created)).status).toBe(200);
      expect(await subscriptionOf(owner, teamId)).toMatchObject({
        status: "trialing",
        productName: "Sprog Enterprise",
      });
    });

    it("acknowledges events it does not act on, and subscriptions of no team", async () => {
      const other = await postWebhook(stripe.event("invoice.paid", { id: "in_1", object: "invoice" }));
      expect(other.body).toEqual({ received: true, duplicate: false });
      const { owner, teamId } = await ownerWithTeam();
      const { sessionId } = await startCheckout(owner, teamId);
      const { subscription } = stripe.completeCheckout(sessionId);
      subscription.metadata = {};
      const orphan = await postWebhook(stripe.event("customer.subscription.created", subscription));
      expect(orphan.status).toBe(200);
      expect(await subscriptionOf(owner, teamId)).toBeNull();
    });

    it("answers 502 when the subscription cannot be read, so Stripe retries; the retry works", async () => {
      const { owner, teamId } = await ownerWithTeam();
      const { sessionId } = await startCheckout(owner, teamId);
      const { event } = stripe.completeCheckout(sessionId);
      stripe.failNext("GET", /^\/v1\/subscriptions\//);
      expect((await postWebhook(event)).status).toBe(502);
      expect(await subscriptionOf(owner, teamId)).toBeNull();
      expect((await postWebhook(event)).body).toEqual({ received: true, duplicate: false });
      expect(await subscriptionOf(owner, teamId)).toMatchObject({ status: "trialing" });
    });

    it("a late 'deleted' of an earlier subscription does not end the current one", async () => {
      const { owner, teamId, subscriptionId: first } = await subscribedTeam();
      await postWebhook(stripe.deleteSubscription(first));
      const { sessionId } = await startCheckout(owner, teamId);
      const { event } = stripe.completeCheckout(sessionId);
      await postWebhook(event);
      const current = await subscriptionOf(owner, teamId);
      expect(current?.status).toBe("active");
      // Stripe redelivers a 'deleted' of the first subscription with a new event id.
      const stale = stripe.event("customer.subscription.deleted", stripe.subscription(first));
      expect((await postWebhook(stale)).status).toBe(200);
      expect(await subscriptionOf(owner, teamId)).toEqual(current);
    });
  });

  describe("billing portal", () => {
    it("opens the portal for the team's customer, returning to the given page", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam();
      const returnUrl = `${api().app.url}/app/team?tab=plan`;
      const answer = await owner.request<PortalAnswer>("POST", `/api/teams/${teamId}/billing/portal`, {
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
      const missing = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/portal`, {
        body: {},
      });
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe(BILLING_ERRORS.missingManageInfo);
      const foreign = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/portal`, {
        body: { returnUrl: "https://evil.example/phish" },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.message).toBe(BILLING_ERRORS.invalidReturnUrl);
    });

    it("answers 404 for a team without a subscription, and 502 texts when Stripe fails", async () => {
      const { owner, teamId } = await ownerWithTeam();
      const returnUrl = `${api().app.url}/app/team`;
      const none = await owner.request<ErrorAnswer>("POST", `/api/teams/${teamId}/billing/portal`, {
        body: { returnUrl },
      });
      expect(none.status).toBe(404);
      expect(none.body.error.message).toBe(BILLING_ERRORS.noSubscription);

      const subscribed = await subscribedTeam();
      stripe.answerNext("POST", /^\/v1\/billing_portal\/sessions$/, {
        id: "bps_x",
        object: "billing_portal.session",
      });
      const noUrl = await subscribed.owner.request<ErrorAnswer>(
        "POST",
        `/api/teams/${subscribed.teamId}/billing/portal`,
        { body: { returnUrl } },
      );
      expect(noUrl.status).toBe(502);
      expect(noUrl.body.error.message).toBe(BILLING_ERRORS.portalUrlMissing);
      stripe.failNext("POST", /^\/v1\/billing_portal\/sessions$/);
      const failed = await subscribed.owner.request<ErrorAnswer>(
        "POST",
        `/api/teams/${subscribed.teamId}/billing/portal`,
        { body: { returnUrl } },
      );
      expect(failed.status).toBe(502);
      expect(failed.body.error.message).toBe(BILLING_ERRORS.portalFailed);
    });
  });

  describe("who may", () => {
    it("lets every member see the subscription and only the owner buy or manage it", async () => {
      const { owner, teamId } = await subscribedTeam("Roles");
      const adminEmail = uniqueEmail("admin");
      const admin = await people.signIn(adminEmail);
      await addMember(api().db, teamId, adminEmail, "admin");
      const reviewerEmail = uniqueEmail("reviewer");
      const reviewer = await people.signIn(reviewerEmail);
      await addMember(api().db, teamId, reviewerEmail, "reviewer");
      const outsider = await people.signIn(uniqueEmail("outsider"));
      const anonymous = api().client();

      const returnUrl = `${api().app.url}/app/team`;
      const calls = {
        subscription: (c: ApiClient) => c.request("GET", `/api/teams/${teamId}/subscription`),
        checkout: (c: ApiClient) =>
          c.request("POST", `/api/teams/${teamId}/billing/checkout`, {
            body: { priceId: "price_team_month", productId: "prod_team" },
          }),
        portal: (c: ApiClient) =>
          c.request("POST", `/api/teams/${teamId}/billing/portal`, { body: { returnUrl } }),
      };
      const statuses: Record<string, number[]> = {};
      for (const [name, call] of Object.entries(calls)) {
        statuses[name] = [];
        for (const client of [anonymous, outsider, reviewer, admin, owner]) {
          statuses[name].push((await call(client)).status);
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

  describe("seats", () => {
    it("follow the member count: an accepted invite adds a seat, a removal takes it away", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam("Seats");
      const invitedEmail = uniqueEmail("invited");
      const invite = await owner.request("POST", `/api/teams/${teamId}/invites`, {
        body: { email: invitedEmail },
      });
      expect(invite.status).toBe(201);
      // No seat for an invite that is still pending.
      expect(lastQuantitySet(subscriptionId)).toBeUndefined();

      await people.signInInvited(invitedEmail);
      expect(lastQuantitySet(subscriptionId)).toBe("2");
      expect(stripe.subscription(subscriptionId)).toMatchObject({ items: { data: [{ quantity: 2 }] } });
      expect((await subscriptionOf(owner, teamId))?.seats).toBe(2);

      const members = await owner.request<{ members: TeamMember[] }>("GET", `/api/teams/${teamId}/members`);
      const joined = members.body.members.find((m) => m.email === invitedEmail);
      expect((await owner.request("DELETE", `/api/teams/${teamId}/members/${joined?.id}`)).status).toBe(204);
      expect(lastQuantitySet(subscriptionId)).toBe("1");
      expect((await subscriptionOf(owner, teamId))?.seats).toBe(1);
    });

    it("a failed seat update keeps the membership change; the next webhook sets the seats", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam("Flaky");
      const memberEmail = uniqueEmail("member");
      await people.signIn(memberEmail);
      await addMember(api().db, teamId, memberEmail, "reviewer");
      const extraEmail = uniqueEmail("extra");
      await people.signIn(extraEmail);
      await addMember(api().db, teamId, extraEmail, "reviewer");
      const members = await owner.request<{ members: TeamMember[] }>("GET", `/api/teams/${teamId}/members`);
      const member = members.body.members.find((m) => m.email === memberEmail);

      stripe.failNext("POST", new RegExp(`^/v1/subscriptions/${subscriptionId}$`));
      expect((await owner.request("DELETE", `/api/teams/${teamId}/members/${member?.id}`)).status).toBe(204);
      const after = await owner.request<{ members: TeamMember[] }>("GET", `/api/teams/${teamId}/members`);
      expect(after.body.members.map((m) => m.email)).not.toContain(memberEmail);
      // Stripe still bills one seat (the members added by hand never reached it).
      expect(stripe.subscription(subscriptionId)).toMatchObject({ items: { data: [{ quantity: 1 }] } });

      // Any later event of the subscription finds the drift and sets the seats to the 2 members.
      await postWebhook(stripe.changeSubscription(subscriptionId, { status: "active", trial_end: null }));
      expect(lastQuantitySet(subscriptionId)).toBe("2");
      expect(stripe.subscription(subscriptionId)).toMatchObject({ items: { data: [{ quantity: 2 }] } });
      expect((await subscriptionOf(owner, teamId))?.seats).toBe(2);
    });

    it("leaves teams without a live subscription alone", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam("Ended");
      await postWebhook(stripe.deleteSubscription(subscriptionId));
      const before = stripe.requests.length;
      const memberEmail = uniqueEmail("member");
      await people.signIn(memberEmail);
      await addMember(api().db, teamId, memberEmail, "reviewer");
      const members = await owner.request<{ members: TeamMember[] }>("GET", `/api/teams/${teamId}/members`);
      const member = members.body.members.find((m) => m.email === memberEmail);
      expect((await owner.request("DELETE", `/api/teams/${teamId}/members/${member?.id}`)).status).toBe(204);
      expect(stripe.requests.slice(before).filter((r) => r.method === "POST")).toEqual([]);
    });
  });

  describe("team deletion", () => {
    it("cancels the deleted team's subscription; its late events are acknowledged and ignored", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam("Closing");
      expect((await owner.request("DELETE", `/api/teams/${teamId}`)).status).toBe(204);
      expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
      expect(stripe.subscription(subscriptionId)).toMatchObject({ status: "canceled" });

      const late = await postWebhook(
        stripe.event("customer.subscription.deleted", stripe.subscription(subscriptionId)),
      );
      expect(late.status).toBe(200);
      expect(late.body).toEqual({ received: true, duplicate: false });
    });

    it("deletes the team when the cancellation fails (it is logged), and leaves ended subscriptions alone", async () => {
      const failing = await subscribedTeam("Failing");
      stripe.failNext("DELETE", new RegExp(`^/v1/subscriptions/${failing.subscriptionId}$`));
      expect((await failing.owner.request("DELETE", `/api/teams/${failing.teamId}`)).status).toBe(204);
      expect((await failing.owner.request("GET", `/api/teams/${failing.teamId}/subscription`)).status).toBe(
        404,
      );

      const ended = await subscribedTeam("Ended before");
      await postWebhook(stripe.deleteSubscription(ended.subscriptionId));
      expect((await ended.owner.request("DELETE", `/api/teams/${ended.teamId}`)).status).toBe(204);
      expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${ended.subscriptionId}`)).toEqual([]);
    });

    it("does not cancel anything when the deletion is refused", async () => {
      const { teamId, subscriptionId } = await subscribedTeam("Kept");
      const stranger = await people.signIn(uniqueEmail("stranger"));
      expect((await stranger.request("DELETE", `/api/teams/${teamId}`)).status).toBe(404);
      expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
      expect(stripe.subscription(subscriptionId)).toMatchObject({ status: "trialing" });
    });
  });
});
