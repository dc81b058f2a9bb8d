import { beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { BILLING_ERRORS } from "../../src/shared/schemas/billing.ts";
import type { ErrorBody } from "../../src/shared/schemas/error.ts";
import { stripeBillingForThisFile } from "../helpers/billing.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildUser, memberOf, signInAs, uniqueEmail } from "../helpers/factories.ts";
import type { StripeServer } from "../helpers/stripe-server.ts";
import { membersOf, signInInvited } from "../helpers/teams.ts";

/**
 * Billing (issue 8), keeping a team's subscription in step once bought: Stripe's webhooks (signed,
 * refused when the signature is wrong, processed once, read from Stripe's current state, in any
 * order, retried by Stripe when Sprog could not read the subscription), seats (every member is a
 * paid seat, so joining by invite at a real sign-in by code or leaving sets the quantity, and a
 * failed update is caught up by the next webhook), and deleting a team, which cancels it. Buying
 * is billing-purchase.test.ts. The real `stripe` client talks to a loopback Stripe
 * (tests/helpers/stripe-server.ts); setup is in tests/helpers/billing.ts.
 */

describe("billing with Stripe", () => {
  const billing = stripeBillingForThisFile();
  const { api, ownerWithTeam, postWebhook, startCheckout, subscribedTeam, subscriptionOf, lastQuantitySet } =
    billing;
  let stripe: StripeServer;
  beforeAll(() => {
    stripe = billing.stripe();
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
      const { method, path } = requestOf(contract.billing.webhook, undefined);
      const tampered = await api()
        .client()
        .request<ErrorBody>(method, path, {
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

  describe("seats", () => {
    it("follow the member count: an accepted invite adds a seat, a removal takes it away", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam("Seats");
      const invitedEmail = uniqueEmail("invited");
      const invite = await call(owner, contract.teams.invite, {
        params: { teamId },
        body: { email: invitedEmail },
      });
      expect(invite.status).toBe(201);
      // No seat for an invite that is still pending.
      expect(lastQuantitySet(subscriptionId)).toBeUndefined();

      await signInInvited(api(), invitedEmail);
      expect(lastQuantitySet(subscriptionId)).toBe("2");
      expect(stripe.subscription(subscriptionId)).toMatchObject({ items: { data: [{ quantity: 2 }] } });
      expect((await subscriptionOf(owner, teamId))?.seats).toBe(2);

      const joined = (await membersOf(owner, teamId)).find((m) => m.email === invitedEmail);
      const removed = await call(owner, contract.teams.removeMember, {
        params: { teamId, memberId: joined?.id ?? "" },
      });
      expect(removed.status).toBe(204);
      expect(lastQuantitySet(subscriptionId)).toBe("1");
      expect((await subscriptionOf(owner, teamId))?.seats).toBe(1);
    });

    it("a failed seat update keeps the membership change; the next webhook sets the seats", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam("Flaky");
      const memberEmail = (await memberOf(api(), teamId, "reviewer")).email;
      await memberOf(api(), teamId, "reviewer");
      const member = (await membersOf(owner, teamId)).find((m) => m.email === memberEmail);

      stripe.failNext("POST", new RegExp(`^/v1/subscriptions/${subscriptionId}$`));
      const removed = await call(owner, contract.teams.removeMember, {
        params: { teamId, memberId: member?.id ?? "" },
      });
      expect(removed.status).toBe(204);
      expect((await membersOf(owner, teamId)).map((m) => m.email)).not.toContain(memberEmail);
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
      const memberEmail = (await memberOf(api(), teamId, "reviewer")).email;
      const member = (await membersOf(owner, teamId)).find((m) => m.email === memberEmail);
      const removed = await call(owner, contract.teams.removeMember, {
        params: { teamId, memberId: member?.id ?? "" },
      });
      expect(removed.status).toBe(204);
      expect(stripe.requests.slice(before).filter((r) => r.method === "POST")).toEqual([]);
    });
  });

  describe("team deletion", () => {
    it("cancels the deleted team's subscription; its late events are acknowledged and ignored", async () => {
      const { owner, teamId, subscriptionId } = await subscribedTeam("Closing");
      expect((await call(owner, contract.teams.remove, { params: { teamId } })).status).toBe(204);
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
      const failingTeam = { params: { teamId: failing.teamId } };
      expect((await call(failing.owner, contract.teams.remove, failingTeam)).status).toBe(204);
      expect((await fail(failing.owner, contract.billing.subscription, failingTeam)).status).toBe(404);

      const ended = await subscribedTeam("Ended before");
      await postWebhook(stripe.deleteSubscription(ended.subscriptionId));
      expect(
        (await call(ended.owner, contract.teams.remove, { params: { teamId: ended.teamId } })).status,
      ).toBe(204);
      expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${ended.subscriptionId}`)).toEqual([]);
    });

    it("does not cancel anything when the deletion is refused", async () => {
      const { teamId, subscriptionId } = await subscribedTeam("Kept");
      const stranger = await signInAs(await buildUser(api().app));
      expect((await fail(stranger, contract.teams.remove, { params: { teamId } })).status).toBe(404);
      expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
      expect(stripe.subscription(subscriptionId)).toMatchObject({ status: "trialing" });
    });
  });
});
