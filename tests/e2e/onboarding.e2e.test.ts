import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectPath, expectVisible, journey } from "../helpers/e2e.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * A new user's first visit, in Chromium against the real server (embedded PGlite, test SMTP server):
 * spec point 2 (routes) and point 4 (sign-up: e-mail, code, user-info, create-team, choose-plan).
 */

const RESEND_WAIT_MS = 60_000;
const INVALID_CODE = "Invalid OTP. Please try again.";

const suffix = randomBytes(3).toString("hex");
const email = `e2e-${Date.now().toString(36)}-${suffix}@example.test`;
const firstName = "Ada";
const lastName = "Lovelace";
const teamName = `Analytical Engines ${suffix}`;

describe(`onboarding on ${testDatabaseLabel()}: sign up, sign out, sign in, wrong codes`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** How many codes have been sent to `email` so far. */
  let codesSent = 0;

  beforeAll(async () => {
    mail = await startMailServer();
    const env: Record<string, string> = { SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" };
    app = await startAppServer(env);
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("onboarding", () => page);
  const button = (name: string | RegExp) =>
    page.getByRole("button", { name, exact: typeof name === "string" });
  const codeInput = () => page.getByLabel("Verification code", { exact: true });
  const isVerifyCall = (response: Response) =>
    response.request().method() === "POST" && /\/verify$/.test(new URL(response.url()).pathname);

  /** The server allows one code per address per 60 s; move its clock past that instead of waiting. */
  const passResendWait = () => app.clock.advance(RESEND_WAIT_MS + 1_000);

  const nextCode = async () => {
    codesSent += 1;
    return mail.codeFor(email, { count: codesSent, timeoutMs: 15_000 });
  };

  const signOut = async () => {
    await button(/user menu/i).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expectPath(page, /^\/login(\?|$)/);
  };

  /** Types a code, presses Verify and answers the server's reply to it. */
  const submitCode = async (code: string) => {
    await codeInput().fill(code);
    const [response] = await Promise.all([
      page.waitForResponse(isVerifyCall, { timeout: 15_000 }),
      button("Verify").click(),
    ]);
    return response;
  };

  step("1. /signup shows step 1 and sends a code for a new e-mail address", async () => {
    await page.goto(`${app.url}/signup`);
    await expectVisible(page.getByText("Step 1 of 4"));
    await expectVisible(page.getByText("Create your account"));
    await page.getByLabel("Email", { exact: true }).fill(email);
    await button("Continue").click();
    await expectPath(page, /^\/verify(\?|$)/);
  });

  let signUpCode = "";

  step("2a. the e-mailed code verifies (Verify stays disabled until 6 digits)", async () => {
    signUpCode = await nextCode();
    await expectVisible(codeInput());
    expect(await button("Verify").isDisabled()).toBe(true);
    await codeInput().fill(signUpCode.slice(0, 5));
    expect(await button("Verify").isDisabled()).toBe(true);
    const response = await submitCode(signUpCode);
    expect(response.status()).toBe(200);
    await expectPath(page, /^\/user-info(\?|$)/);
  });

  step("2b. /user-info requires a first name, then goes on to /create-team", async () => {
    await expectVisible(page.getByText("Step 2 of 4"));
    await button("Continue").click();
    await expectVisible(page.getByText("First name is required"));
    expect(new URL(page.url()).pathname).toBe("/user-info");
    await page.getByLabel("First name", { exact: true }).fill(firstName);
    await page.getByLabel("Last name", { exact: true }).fill(lastName);
    await button("Continue").click();
    await expectPath(page, /^\/create-team(\?|$)/);
  });

  step("2c. /create-team requires a team name, then goes on to /choose-plan", async () => {
    await expectVisible(page.getByText("Step 3 of 4"));
    await button("Complete Setup").click();
    await expectVisible(page.getByText("Team name is required"));
    expect(new URL(page.url()).pathname).toBe("/create-team");
    await page.getByLabel("Team name", { exact: true }).fill(teamName);
    await button("Complete Setup").click();
    await expectPath(page, /^\/choose-plan(\?|$)/);
  });

  step(
    "2d. /choose-plan, with billing off, says so and goes on to /app/overview with the team picked",
    async () => {
      await expectVisible(page.getByText("Step 4 of 4"));
      // This server sells no plans (no billing configured): no choice to skip (issue 34).
      await expectVisible(page.getByText("Paid plans are not available on this server."));
      expect(await page.getByText("pick a paid plan now", { exact: false }).count()).toBe(0);
      await button("Continue").click();
      await expectPath(page, /^\/app\/overview(\?|$)/);
      // The top bar: the user menu, and the team picker showing the new team.
      await expectVisible(button(/user menu/i));
      await expectVisible(page.getByRole("button").filter({ hasText: teamName }));
    },
  );

  step("3. the code e-mail has a text part and an HTML part, both with the code", async () => {
    const [codeMail] = mail.mailsTo(email);
    expect(codeMail).toBeDefined();
    expect(codeMail?.text).toContain(signUpCode);
    expect(codeMail?.html).toBeDefined();
    expect(codeMail?.html).toMatch(/<[a-z][\s\S]*>/i);
    expect(codeMail?.html).toContain(signUpCode);
  });

  step("4. Sign Out in the user menu goes to /login", async () => {
    await signOut();
  });

  step("5a. /app/overview while signed out goes to /login; a known e-mail gets a code", async () => {
    await page.goto(`${app.url}/app/overview`);
    await expectPath(page, /^\/login(\?|$)/);
    await expectVisible(page.getByText("Speak a language everyone understands"));
    passResendWait();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await button("Continue").click();
    await expectPath(page, /^\/verify(\?|$)/);
  });

  step("7. right after a send, 'Resend code' is disabled and counts down", async () => {
    const resend = page
      .getByRole("button", { name: /resend code/i })
      .or(page.getByRole("link", { name: /resend code/i }))
      .first();
    await expectVisible(resend);
    expect(await resend.isDisabled()).toBe(true);
    const countdown = page.getByText(/\b\d{1,2}\s*(s|sec|secs|seconds)\b|\b\d:\d{2}\b/).first();
    await expectVisible(countdown);
    const secondsShown = async () => {
      const text = (await countdown.textContent()) ?? "";
      const clock = text.match(/\b(\d):(\d{2})\b/);
      if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
      return Number(text.match(/\b(\d{1,2})\s*(s|sec|secs|seconds)\b/)?.[1] ?? Number.NaN);
    };
    const first = await secondsShown();
    expect(first).toBeGreaterThan(40);
    expect(first).toBeLessThanOrEqual(60);
    await eventually(secondsShown, (now) => now < first, "the resend countdown", 5_000);
    expect(await resend.isDisabled()).toBe(true);
  });

  step("5b. the new code signs in and returns to the remembered /app/overview", async () => {
    const code = await nextCode();
    const response = await submitCode(code);
    expect(response.status()).toBe(200);
    await expectPath(page, /^\/app\/overview(\?|$)/);
    await expectVisible(button(/user menu/i));
    await expectVisible(page.getByRole("button").filter({ hasText: teamName }));
  });

  step("6. after 5 wrong codes even the right code is refused", async () => {
    await signOut();
    passResendWait();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await button("Continue").click();
    await expectPath(page, /^\/verify(\?|$)/);
    const rightCode = await nextCode();
    const wrongCode = String((Number(rightCode) + 1) % 1_000_000).padStart(6, "0");

    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await submitCode(wrongCode);
      expect(response.status(), `wrong code #${attempt}`).toBeGreaterThanOrEqual(400);
      expect(response.status(), `wrong code #${attempt}`).toBeLessThan(500);
      await expectVisible(page.getByText(INVALID_CODE));
      expect(new URL(page.url()).pathname).toBe("/verify");
    }

    const response = await submitCode(rightCode);
    expect(response.status(), "the right code after 5 wrong ones").toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
    const answer = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    const message = answer.error?.message ?? INVALID_CODE;
    await expectVisible(page.getByText(message));
    expect(message).not.toBe("");
    // Still signed out: nothing past the verify screen.
    expect(new URL(page.url()).pathname).toBe("/verify");
    await page.goto(`${app.url}/app/overview`);
    await expectPath(page, /^\/login(\?|$)/);
  });
});

describe("accessibility of the public entry pages (axe)", () => {
  let app: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each([
    ["/login", "Speak a language everyone understands"],
    ["/signup", "Create your account"],
  ])("%s has no critical axe violations", async (path, heading) => {
    // axe needs a page from an explicit context.
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${app.url}${path}`);
      await expectVisible(page.getByText(heading));
      const results = await new AxeBuilder({ page }).analyze();
      const critical = results.violations
        .filter((violation) => violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} nodes)`);
      expect(critical).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
