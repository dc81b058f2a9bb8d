import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { BILLING_NOT_CONFIGURED_NOTICE } from "../../src/shared/schemas/billing.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { requestOf } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import {
  ARTIFACTS_DIR,
  eventually,
  expectPath,
  expectVisible,
  journey,
  reportProblems,
} from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { type StripeServer, startStripeServer } from "../helpers/stripe-server.ts";

/**
 * Plans and billing in Chromium against the real server and a local Stripe on loopback (issue 8;
 * spec points 2, 4, 5, 7 and 9): a new user signs up through onboarding to /choose-plan, switches to
 * Yearly and chooses Team; the browser goes to Stripe's hosted checkout (intercepted here), the
 * payment completes at the Stripe test server, whose signed webhook reaches the app, and the browser
 * comes back to the success address and lands on /app/overview. The Team screen then shows 'Your
 * plan' with the trial's end, later the renewal date; Manage opens the billing portal returning to
 * the Team screen; an invited member signs up and the seats (and Stripe's quantity) rise to 2.
 * And without billing configured, /choose-plan says there are no paid plans and 'Continue' goes on.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const address = (name: string) => `billing-${name}-${stamp}-${suffix}@example.test`;
const owner = { email: address("owner"), firstName: "Paula", lastName: "Payer" };
const member = { email: address("member"), firstName: "Sam", lastName: "Seat" };
const teamName = `Ledger ${suffix}`;
const database = testDatabaseLabel();
const viewport = { width: 1280, height: 900 };

/** Stripe's hosted pages: never left to the network, answered with a stand-in page. */
const CHECKOUT_HOST = "https://checkout.stripe.test/";
const PORTAL_HOST = "https://billing.stripe.test/";

async function interceptStripePages(context: BrowserContext) {
  for (const [host, title] of [
    [CHECKOUT_HOST, "Stripe Checkout (test stand-in)"],
    [PORTAL_HOST, "Stripe billing portal (test stand-in)"],
  ] as const) {
    await context.route(`${host}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`,
      }),
    );
  }
}

function watch(page: Page) {
  reportProblems(page);
  return page;
}

async function screenshot(page: Page, name: string, target?: Locator) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  if (target) await target.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
}

async function expectNoCriticalAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const critical = results.violations
    .filter((violation) => violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
  expect(critical).toEqual([]);
}

describe(`billing with Stripe on ${database}: buy in onboarding, Your plan, portal, seats`, () => {
  let mail: MailServer;
  let stripe: StripeServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let memberContext: BrowserContext;
  let ownerPage: Page;
  let current: Page | undefined;
  let subscriptionId = "";

  beforeAll(async () => {
    mail = await startMailServer();
    stripe = await startStripeServer();
    app = await startAppServer({
      SMTP_URL: mail.url,
      MAIL_FROM: "Sprog <no-reply@sprog.test>",
      ...stripe.env(),
    });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport });
    memberContext = await browser.newContext({ viewport });
    await interceptStripePages(ownerContext);
    await interceptStripePages(memberContext);
    ownerPage = watch(await ownerContext.newPage());
    current = ownerPage;
  });

  afterAll(async () => {
    for (const context of [memberContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await stripe?.close();
    await mail?.close();
  });

  const step = journey("billing", () => current);
  const button = (on: Page | Locator, name: string | RegExp) =>
    on.getByRole("button", { name, exact: typeof name === "string" });
  const yourPlan = (on: Page) => on.getByRole("region", { name: "Your plan" });
  const planCard = (on: Page, tier: string) =>
    on.locator("section").filter({ has: on.getByRole("heading", { name: tier, exact: true }) });

  /** Posts a Stripe event to the app's webhook, signed as Stripe signs it. */
  async function deliver(event: unknown) {
    const { payload, signature } = stripe.signed(event);
    const { method, path } = requestOf(contract.billing.webhook, undefined);
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  /** /signup → code → name (→ team), through the UI, reading the code from the test SMTP server. */
  async function signUpThroughUi(page: Page, person: typeof owner) {
    await page.goto(`${app.url}/signup`);
    await expectVisible(page.getByText("Step 1 of 4"));
    // An invited address has its invite already: the code is the mail after those.
    const mailsBefore = mail.mailsTo(person.email).length;
    await page.getByLabel("Email", { exact: true }).fill(person.email);
    await button(page, "Continue").click();
    await expectPath(page, /^\/verify(\?|$)/);
    const code = await mail.codeFor(person.email, { count: mailsBefore + 1, timeoutMs: 15_000 });
    await page.getByLabel("Verification code", { exact: true }).fill(code);
    await button(page, "Verify").click();
    await expectPath(page, /^\/user-info(\?|$)/);
    await page.getByLabel("First name", { exact: true }).fill(person.firstName);
    await page.getByLabel("Last name", { exact: true }).fill(person.lastName);
    await button(page, "Continue").click();
  }

  step("1. a new user signs up through onboarding and reaches /choose-plan with the paid tiers", async () => {
    await signUpThroughUi(ownerPage, owner);
    await expectPath(ownerPage, /^\/create-team(\?|$)/);
    await ownerPage.getByLabel("Team name", { exact: true }).fill(teamName);
    await button(ownerPage, "Complete Setup").click();
    await expectPath(ownerPage, /^\/choose-plan(\?|$)/);
    await expectVisible(ownerPage.getByText("Step 4 of 4"));
    await expectVisible(ownerPage.getByRole("heading", { name: "Choose your plan" }));
    await expectVisible(ownerPage.getByText(teamName));
    await expectVisible(planCard(ownerPage, "Team").getByText("$29.00/month"));
    await expectVisible(planCard(ownerPage, "Enterprise").getByText("$99.00/month"));
    const tiers = await ownerPage.getByRole("heading", { level: 2 }).allTextContents();
    expect(tiers).toEqual(["Team", "Enterprise"]);
    expect(await ownerPage.getByText(/^Save /).count()).toBe(0);
  });

  step("2. Yearly shows the yearly prices with the saving", async () => {
    await ownerPage.getByRole("radio", { name: "Yearly" }).click();
    await expectVisible(planCard(ownerPage, "Team").getByText("$290.00/year"));
    await expectVisible(planCard(ownerPage, "Team").getByText("Save $58.00 a year (17%)"));
    await expectVisible(planCard(ownerPage, "Enterprise").getByText("$990.00/year"));
    // The cards have faded in before the picture is taken.
    await eventually(
      () =>
        ownerPage
          .getByRole("radiogroup", { name: "Billing period" })
          .evaluate((group) => getComputedStyle(group.parentElement as HTMLElement).opacity),
      (opacity) => opacity === "1",
      "the plan cards' opacity",
    );
    await screenshot(ownerPage, "billing-choose-plan-1280");
    await expectNoCriticalAxeViolations(ownerPage);
  });

  let sessionId = "";

  step(
    "3. choosing Team goes to Stripe's checkout for the yearly price, one seat, with the trial",
    async () => {
      await button(planCard(ownerPage, "Team"), "Choose Team").click();
      await ownerPage.waitForURL((url) => url.href.startsWith(CHECKOUT_HOST), { timeout: 15_000 });
      sessionId = new URL(ownerPage.url()).pathname.split("/").at(-1) ?? "";
      expect(sessionId).toMatch(/^cs_/);
      const [created] = stripe.requestsTo("POST", "/v1/checkout/sessions");
      expect(created?.params).toMatchObject({
        mode: "subscription",
        line_items: [{ price: "price_team_year", quantity: "1" }],
        subscription_data: { trial_period_days: "14" },
        success_url: `${app.url}/app/overview?checkout=success`,
      });
    },
  );

  step(
    "4. the payment completes, the webhook arrives, and the success address lands on /app/overview",
    async () => {
      const completed = stripe.completeCheckout(sessionId);
      subscriptionId = completed.subscription.id;
      await deliver(completed.event);
      const successUrl = String(stripe.session(sessionId)?.success_url);
      await ownerPage.goto(successUrl);
      await expectPath(ownerPage, /^\/app\/overview$/);
      await expectVisible(ownerPage.getByRole("button").filter({ hasText: teamName }));
    },
  );

  step(
    "5. the Team screen shows 'Your plan': Sprog Team, trialing, when the trial ends, one seat",
    async () => {
      await ownerPage.goto(`${app.url}/app/team`);
      const plan = yourPlan(ownerPage);
      await expectVisible(plan.getByRole("heading", { name: "Sprog Team" }));
      await expectVisible(plan.getByText("Trialing", { exact: true }));
      await expectVisible(plan.getByText(/^Trial ends on \w+/));
      await expectVisible(plan.getByText("1 seat paid"));
      await expectVisible(ownerPage.getByText("Seats used: 1"));
      expect(await button(plan, /^Choose/).count()).toBe(0);
      await screenshot(ownerPage, "billing-your-plan-1280");
      await expectNoCriticalAxeViolations(ownerPage);
    },
  );

  step("6. once the trial converts, 'Your plan' says when it renews", async () => {
    const trialEnd = Number(stripe.subscription(subscriptionId)?.trial_end);
    await deliver(stripe.changeSubscription(subscriptionId, { status: "active", trial_end: null }));
    await ownerPage.reload();
    const plan = yourPlan(ownerPage);
    await expectVisible(plan.getByText("Active", { exact: true }));
    const renews = plan.getByText(/^Renews on/);
    await expectVisible(renews);
    const shown = await renews.locator("time").getAttribute("datetime");
    expect(Date.parse(shown ?? "")).toBe(trialEnd * 1000);
    expect(await plan.getByText(/^Trial ends on/).count()).toBe(0);
    await screenshot(ownerPage, "billing-your-plan-renews-1280", plan);
  });

  step("7. Manage opens Stripe's billing portal, which returns to the Team screen", async () => {
    await button(yourPlan(ownerPage), "Manage").click();
    await ownerPage.waitForURL((url) => url.href.startsWith(PORTAL_HOST), { timeout: 15_000 });
    const portal = stripe.requestsTo("POST", "/v1/billing_portal/sessions").at(-1);
    expect(portal?.params.return_url).toBe(`${app.url}/app/team`);
    await ownerPage.goto(String(portal?.params.return_url));
    await expectVisible(yourPlan(ownerPage).getByRole("heading", { name: "Sprog Team" }));
  });

  step("8. an invited member signs up and joins: the seats rise to 2, at Stripe too", async () => {
    await button(ownerPage, "Invite").click();
    const dialog = ownerPage.getByRole("dialog", { name: "Invite Team Member" });
    await expectVisible(dialog);
    await dialog.getByLabel("Email", { exact: true }).fill(member.email);
    await dialog.getByRole("button", { name: "Send invite" }).click();
    await dialog.waitFor({ state: "hidden" });
    await mail.waitForMail(member.email);
    // No seat for a pending invite.
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`)).toEqual([]);

    const memberPage = watch(await memberContext.newPage());
    current = memberPage;
    await signUpThroughUi(memberPage, member);
    await expectPath(memberPage, /^\/app\/overview(\?|$)/);
    await expectVisible(
      memberPage.locator("[data-sonner-toast]").filter({ hasText: `You joined ${teamName}` }),
    );
    current = ownerPage;

    const lastQuantity = () => {
      const updates = stripe.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`);
      const items = updates.at(-1)?.params.items as { quantity?: string }[] | undefined;
      return items?.[0]?.quantity;
    };
    await eventually(
      async () => lastQuantity(),
      (quantity) => quantity === "2",
      "Stripe's quantity",
    );
    expect(stripe.subscription(subscriptionId)).toMatchObject({ items: { data: [{ quantity: 2 }] } });

    await ownerPage.reload();
    await expectVisible(ownerPage.getByText("Seats used: 2"));
    await expectVisible(yourPlan(ownerPage).getByText("2 seats paid"));
  });

  step("9. the member sees the plan but cannot manage it", async () => {
    const memberPage = watch(await memberContext.newPage());
    current = memberPage;
    await memberPage.goto(`${app.url}/app/team`);
    const plan = yourPlan(memberPage);
    await expectVisible(plan.getByRole("heading", { name: "Sprog Team" }));
    await expectVisible(plan.getByText("Only the team owner can manage billing."));
    expect(await button(plan, "Manage").count()).toBe(0);
    current = ownerPage;
  });

  step(
    "10. a team without a subscription offers the plans under 'Your plan' (first by name: shown)",
    async () => {
      await createTeamInContext(ownerContext, app, `Abacus ${suffix}`);
      await ownerPage.goto(`${app.url}/app/team`);
      await expectVisible(
        ownerPage
          .getByRole("button", { name: "Select team or project" })
          .filter({ hasText: `Abacus ${suffix}` }),
      );
      const plan = yourPlan(ownerPage);
      await expectVisible(plan.getByRole("heading", { name: "Team", level: 3 }));
      await expectVisible(plan.getByText("$29.00/month"));
      await expectVisible(button(plan, "Choose Enterprise"));
      await expectVisible(ownerPage.getByText("Seats used: 1"));
      await screenshot(ownerPage, "billing-team-plans-1280");
    },
  );
});

describe(`billing not configured on ${database}: nothing to buy, onboarding still ends`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport });
    const person = { email: address("selfhosted"), firstName: "Hal", lastName: "Host" };
    await signUpInContext(context, app, mail, person);
    await createTeamInContext(context, app, `Self-hosted ${suffix}`);
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("billing-off", () => page);
  const yourPlan = (on: Page) => on.getByRole("region", { name: "Your plan" });

  step("1. /choose-plan says there are no paid plans, offers nothing, and 'Continue' goes on", async () => {
    page = watch(await context.newPage());
    await page.goto(`${app.url}/choose-plan`);
    // Issue 34: not 'pick a paid plan now' with only 'Skip for now' under it.
    await expectVisible(page.getByText("Paid plans are not available on this server."));
    await expectVisible(
      page.getByText("Everyone is on the free plan, with every feature.", { exact: false }),
    );
    expect(await page.getByText("pick a paid plan now", { exact: false }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Choose/ }).count()).toBe(0);
    expect(await page.getByRole("radiogroup", { name: "Billing period" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Skip for now" }).count()).toBe(0);
    await screenshot(page, "billing-choose-plan-not-configured-1280");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expectPath(page, /^\/app\/overview(\?|$)/);
  });

  step("2. 'Your plan' on the Team screen says the same", async () => {
    const on = page as Page;
    await on.goto(`${app.url}/app/team`);
    await expectVisible(yourPlan(on).getByText(BILLING_NOT_CONFIGURED_NOTICE));
    await expectVisible(on.getByText("Seats used: 1"));
  });
});
