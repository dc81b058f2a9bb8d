import { afterAll, beforeEach, expect } from "vitest";
import type { CheckoutAnswer, TeamSubscription, WebhookAnswer } from "../../src/shared/schemas/billing.ts";
import { type ApiApp, type ApiClient, apiAppForThisFile } from "./api-app.ts";
import { addToTeam, buildTeam, buildUser, type MemberRole, signInAs, uniqueEmail } from "./factories.ts";
import { DEFAULT_CATALOGUE, type StripeServer, startStripeServer } from "./stripe-server.ts";

// Shared by the billing API tests (billing-purchase, billing-subscription):
// the real server with BILLING_PROVIDER=stripe against the loopback Stripe of stripe-server.ts.

export interface ErrorAnswer {
  error: { code: string; message: string };
}

/** A signed-in user with no team yet (no code, no mail). */
export async function signedInUser(api: ApiApp, name = "user") {
  const user = await buildUser(api.app, { email: uniqueEmail(name) });
  return { user, client: await signInAs(user) };
}

/** A new signed-in user, put in the team with `role` by hand (the seats are not told). */
export async function memberOf(api: ApiApp, teamId: string, role: MemberRole) {
  const { user, client } = await signedInUser(api, role);
  await addToTeam(user, teamId, role);
  return { email: user.email, client };
}

/**
 * The app with Stripe for one test file, and the steps the billing tests repeat. The loopback
 * Stripe's catalogue and scripted answers are reset before each test.
 */
export function stripeBillingForThisFile() {
  let stripe: StripeServer | undefined;
  const api = apiAppForThisFile({
    env: async () => {
      stripe = await startStripeServer();
      return stripe.env();
    },
  });
  afterAll(async () => {
    await stripe?.close();
  });
  const stripeServer = (): StripeServer => {
    if (!stripe) throw new Error("stripeBillingForThisFile(): only inside tests and hooks");
    return stripe;
  };
  beforeEach(() => {
    stripeServer().setCatalogue(DEFAULT_CATALOGUE);
    stripeServer().script.length = 0;
  });

  async function ownerWithTeam(name = "Paying") {
    const { user, client: owner } = await signedInUser(api(), "owner");
    const team = await buildTeam(owner, { name });
    return { owner, email: user.email, teamId: team.id };
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

  /** A webhook delivery: signed with the endpoint's secret unless told otherwise. */
  async function postWebhook(
    payloadObject: unknown,
    options: { secret?: string; signature?: string | null; origin?: string } = {},
  ) {
    const { payload, signature } = stripeServer().signed(payloadObject, options.secret);
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
    const { subscription, event } = stripeServer().completeCheckout(sessionId);
    expect((await postWebhook(event)).status).toBe(200);
    return { owner, email, teamId, subscriptionId: subscription.id };
  }

  /** The seat count Sprog last sent to Stripe for the subscription. */
  const lastQuantitySet = (subscriptionId: string) => {
    const updates = stripeServer().requestsTo("POST", `/v1/subscriptions/${subscriptionId}`);
    const items = updates.at(-1)?.params.items as { id: string; quantity: string }[] | undefined;
    return items?.[0]?.quantity;
  };

  return {
    api,
    stripe: stripeServer,
    ownerWithTeam,
    startCheckout,
    postWebhook,
    subscriptionOf,
    subscribedTeam,
    lastQuantitySet,
  };
}
