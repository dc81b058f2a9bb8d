import { beforeAll, describe, expect, it } from "vitest";
import type { TeamMember } from "../../src/shared/schemas/teams.ts";
import { uniqueEmail } from "../helpers/api-app.ts";
import { memberOf, signedInUser, stripeBillingForThisFile } from "../helpers/billing.ts";
import type { StripeServer } from "../helpers/stripe-server.ts";
import { signInInvited } from "../helpers/teams.ts";

/**
 * Billing (issue 8), seats and the end of a team: every member is a paid seat, so joining (an accepted
 * invite, at a real sign-in by code) or leaving sets the subscription's quantity, a failed update is
 * caught up by the next webhook, and deleting a team cancels its subscription. The real `stripe` client
 * talks to a loopback Stripe (tests/helpers/stripe-server.ts); setup is in tests/helpers/billing.ts.
 */

describe("billing with Stripe", () => {
  const billing = stripeBillingForThisFile();
  const { api, postWebhook, subscribedTeam, subscriptionOf, lastQuantitySet } = billing;
  let stripe: StripeServer;
  beforeAll(() => {
    stripe = billing.stripe();
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

      await signInInvited(api(), invitedEmail);
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
      const memberEmail = (await memberOf(api(), teamId, "reviewer")).email;
      await memberOf(api(), teamId, "reviewer");
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
      const memberEmail = (await memberOf(api(), teamId, "reviewer")).email;
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
      const stranger = (await signedInUser(api(), "stranger")).client;
      expect((await stranger.request("DELETE", `/api/teams/${teamId}`)).status).toBe(404);
      expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toEqual([]);
      expect(stripe.subscription(subscriptionId)).toMatchObject({ status: "trialing" });
    });
  });
});
