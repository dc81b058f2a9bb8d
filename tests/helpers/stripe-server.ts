import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { type CatalogueProduct, DEFAULT_CATALOGUE, stripeCatalogueObjects } from "./stripe-catalogue.ts";

export { type CatalogueProduct, DEFAULT_CATALOGUE } from "./stripe-catalogue.ts";

/**
 * A small Stripe on loopback for the official `stripe` client (BILLING_PROVIDER=stripe with
 * STRIPE_API_BASE pointing here). It answers the endpoints Sprog calls, with form-encoded bodies
 * parsed the way Stripe reads them, keeps what a checkout makes (customer, subscription), records
 * every request, and can be told to fail or to answer something else once.
 *
 * - GET /v1/products, GET /v1/prices (lists, `limit`/`starting_after`)
 * - POST /v1/checkout/sessions, POST /v1/billing_portal/sessions
 * - GET, POST and DELETE (cancel) /v1/subscriptions/:id (quantity through `items[0][quantity]`; `expand` of
 *   `items.data.price.product`), POST /v1/subscription_items/:id
 *
 * Webhook events for what happened (`completeCheckout`, `changeSubscription`, `deleteSubscription`)
 * are signed with the webhook secret by the library's own signer (`signed`).
 */

export const STRIPE_TEST_SECRET_KEY = "sk_test_sprog_local";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_sprog_local_test_secret";

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query string and form body, nested as Stripe reads them (`a[0][b]=c` → `{a: [{b: "c"}]}`). */
  params: Record<string, unknown>;
}

export interface ScriptedAnswer {
  method: string;
  /** Matches the path (without the query string). */
  path: RegExp;
  status?: number;
  body: unknown;
}

/** Parses `a[0][b]=c&a[0][d]=e&x=1` into `{a: [{b: "c", d: "e"}], x: "1"}`. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = [key.replace(/\[.*$/, ""), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? "");
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

type Json = Record<string, unknown>;

export async function startStripeServer(options: { catalogue?: CatalogueProduct[] } = {}) {
  const requests: RecordedRequest[] = [];
  const script: ScriptedAnswer[] = [];
  let products: Json[] = [];
  let prices: Json[] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${(++counter).toString().padStart(4, "0")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const DAY = 24 * 60 * 60;

  function setCatalogue(catalogue: CatalogueProduct[]) {
    ({ products, prices } = stripeCatalogueObjects(catalogue));
  }
  setCatalogue(options.catalogue ?? DEFAULT_CATALOGUE);

  const list = (url: string, items: Json[], params: Json) => {
    const active = params.active === "true" ? items.filter((item) => item.active) : items;
    const limit = Number(params.limit ?? 10);
    const start = params.starting_after
      ? active.findIndex((item) => item.id === params.starting_after) + 1
      : 0;
    const data = active.slice(start, start + limit);
    return { object: "list", url, has_more: start + limit < active.length, data };
  };

  /** The subscription as Stripe answers it, with the product expanded when asked. */
  function present(subscription: Json, params: Json): Json {
    const expand = (params.expand as string[] | undefined) ?? [];
    const copy = structuredClone(subscription);
    if (expand.includes("items.data.price.product")) {
      for (const item of (copy.items as { data: Json[] }).data) {
        const price = item.price as Json;
        price.product = products.find((p) => p.id === price.product) ?? price.product;
      }
    }
    return copy;
  }

  function setQuantity(subscription: Json, itemId: unknown, quantity: unknown) {
    const item = (subscription.items as { data: Json[] }).data.find((i) => i.id === itemId);
    if (!item) return false;
    item.quantity = Number(quantity);
    return true;
  }

  const stripeError = (status: number, message: string, type = "invalid_request_error") => ({
    status,
    body: { error: { type, message, ...(status === 404 ? { code: "resource_missing" } : {}) } },
  });

  function answer(method: string, path: string, params: Json): { status: number; body: unknown } {
    if (method === "GET" && path === "/v1/products")
      return { status: 200, body: list(path, products, params) };
    if (method === "GET" && path === "/v1/prices") return { status: 200, body: list(path, prices, params) };
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = nextId("cs");
      const session = {
        id,
        object: "checkout.session",
        mode: params.mode,
        status: "open",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        client_reference_id: params.client_reference_id ?? null,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        metadata: params.metadata ?? {},
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
      };
      sessions.set(id, { ...session, _params: params });
      return { status: 200, body: session };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const id = nextId("bps");
      return {
        status: 200,
        body: {
          id,
          object: "billing_portal.session",
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      };
    }
    const subscriptionPath = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1] ?? "");
      if (!subscription) return stripeError(404, `No such subscription: '${subscriptionPath[1]}'`);
      if (method === "DELETE") {
        Object.assign(subscription, { status: "canceled", cancel_at_period_end: false, canceled_at: now() });
        return { status: 200, body: present(subscription, params) };
      }
      if (method === "POST") {
        for (const item of (params.items as Json[] | undefined) ?? []) {
          if (item.quantity !== undefined && !setQuantity(subscription, item.id, item.quantity)) {
            return stripeError(400, `No such subscription item: '${String(item.id)}'`);
          }
        }
      }
      return { status: 200, body: present(subscription, params) };
    }
    const itemPath = path.match(/^\/v1\/subscription_items\/([^/]+)$/);
    if (method === "POST" && itemPath) {
      for (const subscription of subscriptions.values()) {
        if (setQuantity(subscription, itemPath[1], params.quantity)) {
          const item = (subscription.items as { data: Json[] }).data.find((i) => i.id === itemPath[1]);
          return { status: 200, body: item };
        }
      }
      return stripeError(404, `No such subscription item: '${itemPath[1]}'`);
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const method = req.method ?? "GET";
      const params = {
        ...parseStripeForm(url.search.slice(1)),
        ...parseStripeForm(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push({ method, path: url.pathname, params });
      // Never retried by the client: a scripted failure happens once, as the test said.
      const headers = { "content-type": "application/json", "stripe-should-retry": "false" };
      if (req.headers.authorization !== `Bearer ${STRIPE_TEST_SECRET_KEY}`) {
        const { status, body } = stripeError(401, "Invalid API Key provided", "authentication_error");
        res.writeHead(status, headers).end(JSON.stringify(body));
        return;
      }
      const scripted = script.findIndex((s) => s.method === method && s.path.test(url.pathname));
      const { status, body } =
        scripted >= 0
          ? (() => {
              const [once] = script.splice(scripted, 1);
              return { status: once?.status ?? 200, body: once?.body };
            })()
          : answer(method, url.pathname, params);
      res.writeHead(status, headers).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  let eventCounter = 0;
  /** A Stripe event of `type` about `object`, as the API sends it. */
  function event(type: string, object: unknown) {
    return {
      id: `evt_test_${(++eventCounter).toString().padStart(4, "0")}_${Date.now().toString(36)}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  return {
    url,
    requests,
    /** Answers queued here are used once, for the first request they match, instead of the normal one. */
    script,
    /** The variables that point Sprog at this server. */
    env(extra: Record<string, string> = {}): Record<string, string> {
      return {
        BILLING_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
        STRIPE_API_BASE: url,
        ...extra,
      };
    },
    setCatalogue,
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter(
        (r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)),
      );
    },
    /** Fails the next request that matches, once, with a Stripe error. */
    failNext(method: string, path: RegExp, status = 500, message = "Something went wrong") {
      script.push({ method, path, ...stripeError(status, message, "api_error") });
    },
    /** Answers the next matching request with `body` (200), once. */
    answerNext(method: string, path: RegExp, body: unknown) {
      script.push({ method, path, status: 200, body });
    },
    session(id: string) {
      return sessions.get(id);
    },
    subscription(id: string) {
      return subscriptions.get(id);
    },
    /**
     * The customer pays: the session completes, a customer and a subscription exist (trialing when
     * the checkout asked for a trial), and the `checkout.session.completed` event is answered.
     */
    completeCheckout(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const params = session._params as Json;
      const line = ((params.line_items as Json[]) ?? [])[0] ?? {};
      const data = (params.subscription_data as Json | undefined) ?? {};
      const trialDays = data.trial_period_days ? Number(data.trial_period_days) : 0;
      const price = prices.find((p) => p.id === line.price);
      const customer = (session.customer as string | null) ?? nextId("cus");
      const trialEnd = trialDays > 0 ? now() + trialDays * DAY : null;
      const subscription = {
        id: nextId("sub"),
        object: "subscription",
        customer,
        status: trialEnd ? "trialing" : "active",
        cancel_at_period_end: false,
        cancel_at: null,
        trial_end: trialEnd,
        metadata: (data.metadata as Json | undefined) ?? {},
        items: {
          object: "list",
          data: [
            {
              id: nextId("si"),
              object: "subscription_item",
              price: structuredClone(price),
              quantity: Number(line.quantity ?? 1),
              current_period_end: trialEnd ?? now() + 30 * DAY,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: "complete", customer, subscription: subscription.id });
      const { _params, ...publicSession } = session;
      return { subscription, event: event("checkout.session.completed", publicSession) };
    },
    /** Changes a subscription (as the portal or a renewal would) and answers its `updated` event. */
    changeSubscription(id: string, patch: Json) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      Object.assign(subscription, patch);
      return event("customer.subscription.updated", subscription);
    },
    /** The subscription ends now; answers its `deleted` event. */
    deleteSubscription(id: string) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      Object.assign(subscription, { status: "canceled", cancel_at_period_end: false });
      return event("customer.subscription.deleted", subscription);
    },
    /** Any event, e.g. `customer.subscription.created` of a known subscription. */
    event,
    /** The raw body and its `Stripe-Signature` header, signed as Stripe signs (the library's signer). */
    signed(payloadObject: unknown, secret = STRIPE_TEST_WEBHOOK_SECRET) {
      const payload = JSON.stringify(payloadObject);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;
