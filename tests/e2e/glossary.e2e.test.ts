import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { expectNoSeriousViolations } from "../helpers/axe.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, type E2ePerson, joinTeam, signUpInContext } from "../helpers/e2e-users.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { layoutProblems } from "./pages/layout-checks.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * The glossary in Chromium against the real server (issue 21): the owner adds a term with its German
 * translation on /app/glossary, the Overview underlines it in a source text and shows the translation
 * on hover; a reviewer sees the same glossary read-only, and at 375 px as cards that fit the screen.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = {
  email: `glossary-owner-${stamp}-${suffix}@example.test`,
  firstName: "Ada",
  lastName: "Owner",
};
const reviewer = {
  email: `glossary-reviewer-${stamp}-${suffix}@example.test`,
  firstName: "Rita",
  lastName: "Reviewer",
};

describe(`glossary on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let page: Page | undefined;
  let teamId = "";

  const signUp = (context: BrowserContext, person: E2ePerson) => signUpInContext(context, app, mail, person);

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    reviewerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });

    await signUp(ownerContext, owner);
    teamId = await createTeamInContext(ownerContext, app, `Glossary ${suffix}`);
    const project = await ownerContext.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: "Website" },
    });
    expect(project.status()).toBe(201);
    const projectId = ((await project.json()) as { id: string }).id;
    const languages = await ownerContext.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de"] },
    });
    expect(languages.status()).toBe(200);
    const key = await ownerContext.request.post(`${app.url}/api/projects/${projectId}/keys`, {
      data: { key: "login.cta", sourceValue: "Please sign in to continue" },
    });
    expect(key.status()).toBe(201);

    await signUp(reviewerContext, reviewer);
    await joinTeam(app, teamId, reviewer.email, "reviewer");
  });

  afterAll(async () => {
    await reviewerContext?.close().catch(() => {});
    await ownerContext?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("glossary", () => page);

  step("1. the owner adds a term with its German translation", async () => {
    page = await ownerContext.newPage();
    await page.goto(`${app.url}/app/glossary`);
    await expectVisible(page.getByRole("heading", { name: "No glossary terms yet" }));
    await page.getByRole("button", { name: "Add term" }).click();
    const dialog = page.getByRole("dialog", { name: "Add term" });
    await dialog.getByLabel("Term", { exact: true }).fill("Sign in");
    await dialog.getByLabel("Description").fill("The button that opens a session");
    await dialog.getByLabel(/^German/).fill("Anmelden");
    await dialog.getByRole("button", { name: "Add term" }).click();
    const row = page.getByRole("row", { name: /Sign in/ });
    await expectVisible(row);
    expect(await row.textContent()).toContain("Anmelden");
  });

  step(
    "2. the Overview underlines the term in the source text and shows its translation on hover",
    async () => {
      if (!page) throw new Error("no page");
      const overview = new OverviewPage(page, app.url);
      await overview.goto();
      const term = overview.cell("login.cta", "source").locator("[data-glossary-term]");
      await expectVisible(term);
      expect(await term.textContent()).toBe("sign in");
      await term.hover();
      const tip = page.getByRole("tooltip");
      const text = await eventually(
        async () => ((await tip.count()) > 0 ? ((await tip.first().textContent()) ?? "") : ""),
        (shown) => shown.includes("Anmelden"),
        "the term's tooltip with its German translation",
      );
      expect(text).toContain("The button that opens a session");
      await expectNoSeriousViolations(page, "overview-with-glossary");

      // Keyboard users reach the term with Tab from its cell, and focus shows the same tooltip.
      await page.mouse.move(0, 0, { steps: 5 });
      await page.keyboard.press("Escape");
      await eventually(
        () => tip.count(),
        (open) => open === 0,
        "the hover tooltip closed",
      );
      await overview.cell("login.cta", "source").focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-glossary-term"))).toBe(
        "Sign in",
      );
      await eventually(
        async () => ((await tip.count()) > 0 ? ((await tip.first().textContent()) ?? "") : ""),
        (shown) => shown.includes("Anmelden"),
        "the tooltip on keyboard focus",
      );
    },
  );

  step("3. a reviewer sees the glossary read-only", async () => {
    page = await reviewerContext.newPage();
    await page.goto(`${app.url}/app/glossary`);
    await expectVisible(page.getByRole("row", { name: /Sign in/ }));
    expect(await page.getByRole("button", { name: "Add term" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^(Edit|Delete) Sign in$/ }).count()).toBe(0);
    const change = await reviewerContext.request.post(`${app.url}/api/teams/${teamId}/glossary`, {
      data: { term: "Mine" },
    });
    expect(change.status()).toBe(403);
  });

  step("4. at 375 px the glossary is cards that fit the screen", async () => {
    if (!page) throw new Error("no page");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    const card = page.getByRole("list", { name: "Glossary terms" }).getByRole("listitem");
    await expectVisible(card.filter({ hasText: "Sign in" }));
    expect(await card.first().textContent()).toContain("Anmelden");
    expect(await layoutProblems(page)).toEqual([]);
  });
});
