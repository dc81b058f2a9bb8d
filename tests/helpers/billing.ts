import { afterAll, beforeEach, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { WebhookAnswer } from "../../src/shared/schemas/billing.ts";
import type { ErrorBody } from "../../src/shared/schemas/error.ts";
import { type ApiClient, apiAppForThisFile } from "./api-app.ts";
import { call, requestOf } from "./contract-client.ts";
import { buildTeam, buildUser, signInAs, uniqueEmail } from "./factories.ts";
import { DEFAULT_CATALOGUE, type StripeServer, startStripeServer } from "./stripe-server.ts";

// Shared by the billing API tests (billing-purchase, billing-subscription):
// the real server with BILLING_PROVIDER=stripe against the loopback Stripe of stripe-server.ts.

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
    const user = await buildUser(api().app, { email: uniqueEmail("owner") });
    const owner = await signInAs(user);
    const team = await buildTeam(owner, { name });
    return { owner, email: user.email, teamId: team.id };
  }

  async function startCheckout(owner: ApiClient, teamId: string, priceId = "price_team_month") {
    const productId = priceId.startsWith("price_enterprise") ? "prod_enterprise" : "prod_team";
    const answer = await call(owner, contract.billing.checkout, {
      params: { teamId },
      body: { priceId, productId },
    });
    expect(answer.status).toBe(200);
    const sessionId = answer.body.checkoutUrl.split("/").at(-1) ?? "";
    return { checkoutUrl: answer.body.checkoutUrl, sessionId };
  }

  /**
   * A webhook delivery: signed with the endpoint's secret unless told otherwise. Raw HTTP: the
   * signature is over the body's exact bytes, which the test must control.
   */
  async function postWebhook(
    payloadObject: unknown,
    options: { secret?: string; signature?: string | null; origin?: string } = {},
  ) {
    const { payload, signature } = stripeServer().signed(payloadObject, options.secret);
    const headers: Record<string, string> = {};
    const sent = options.signature === undefined ? signature : options.signature;
    if (sent !== null) headers["stripe-signature"] = sent;
    if (options.origin) headers.origin = options.origin;
    const { method, path } = requestOf(contract.billing.webhook, undefined);
    return api().client().request<WebhookAnswer & ErrorBody>(method, path, { rawBody: payload, headers });
  }

  async function subscriptionOf(client: ApiClient, teamId: string) {
    const answer = await call(client, contract.billing.subscription, { params: { teamId } });
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
